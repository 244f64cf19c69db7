// Where a figure came from and when (issue 17): every figure the app shows carries one of these, and
// a figure no connected source gives is "unavailable" with the sources that would give it.
import * as z from 'zod/mini';

/**
 * The legitimate sources: the sample network (a labelled demo, never a real account), the owner's
 * data download (names), and the network's official API for professional accounts (next issue).
 */
export const sourceKinds = ['sample', 'download', 'official'] as const;
export const sourceKindSchema = z.enum(sourceKinds);
export type SourceKind = z.infer<typeof sourceKindSchema>;

/** A figure's source and the time it was true (ISO 8601). */
export const provenanceSchema = z.object({ source: sourceKindSchema, at: z.string() });
export type Provenance = z.infer<typeof provenanceSchema>;

/** A source the account has, with the time of its newest figures (null before any). */
export const connectedSourceSchema = z.object({ source: sourceKindSchema, at: z.nullable(z.string()) });
export type ConnectedSource = z.infer<typeof connectedSourceSchema>;

/** Why a figure is not shown: the sources that would give it (none: no legitimate source does). */
export const unavailableSchema = z.object({ needs: z.array(sourceKindSchema) });
export type Unavailable = z.infer<typeof unavailableSchema>;

/**
 * Why a figure of a source the account has is not shown (issue 51: "a 0 is shown only where a source said
 * 0"): no analysis yet ("—"); the first analysis or download, with nothing to compare new and lost to
 * ("after your next analysis" / "after your next download"); a download asked for without its posts.
 */
export const figureGapSchema = z.enum(['no_analysis', 'next_analysis', 'next_download', 'not_in_download']);
export type FigureGap = z.infer<typeof figureGapSchema>;
