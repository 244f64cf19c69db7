// Best time to post: GET client/posts/best-time/'s answer, shared by the route and the client.
import * as z from 'zod/mini';
import { provenanceSchema, unavailableSchema } from './provenance.ts';

/** A UTC hour of the day. */
const hourSchema = z.number().check(z.int(), z.gte(0), z.lte(23));

export const bestTimeSchema = z.discriminatedUnion('basis', [
  /** Followers online per UTC hour, from the official API's online_followers metric. */
  z.object({
    status: z.literal(true),
    basis: z.literal('online_followers'),
    hours: z.array(z.number()).check(z.length(24)),
    best_hour_utc: hourSchema,
    source: provenanceSchema,
  }),
  /** The average engagement (likes + comments) of the owner's posts per UTC hour; null: no post then. */
  z.object({
    status: z.literal(true),
    basis: z.literal('engagement'),
    hours: z.array(z.nullable(z.number())).check(z.length(24)),
    best_hour_utc: hourSchema,
    posts_counted: z.number(),
    source: provenanceSchema,
  }),
  /** Neither: the sources that would give it. */
  z.object({ status: z.literal(true), basis: z.null(), unavailable: unavailableSchema }),
]);
export type BestTime = z.infer<typeof bestTimeSchema>;
export type BestTimeBasis = NonNullable<BestTime['basis']>;
