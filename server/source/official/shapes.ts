// What the official API's answers look like where the collection reads them, and the small helpers
// every part of a collection shares (issue 18; split out in issue 36).
import { and, eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { LeaseLost } from '../../analysis/collect.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { analyses } from '../../db/schema.ts';
import { type GraphClient, GraphError } from './graph.ts';
import type { OfficialSettings } from './settings.ts';

export const DAY_MS = 24 * 3600_000;

export interface OfficialDeps {
  db: Database;
  clock: Clock;
  graph: GraphClient;
  settings: OfficialSettings;
  /** Seals tokens at rest. */
  tokenKey: Buffer;
  fetch?: typeof fetch;
  /** Where a defect of ours (a call the API refused as malformed) is logged as an error (issue 49). */
  log?: OfficialLog;
}

/** The two levels a collection logs at. */
export interface OfficialLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** One insight of a media, a story or the account, as the API answers it. */
export interface InsightValue {
  name: string;
  period?: string;
  values?: { value: unknown; end_time?: string }[];
  total_value?: {
    value?: number;
    breakdowns?: { dimension_keys?: string[]; results?: { dimension_values?: string[]; value?: number }[] }[];
  };
}

/** A comment with its replies, as the comments edge (or its field expansion) gives them. */
export interface CommentNode {
  text?: string;
  replies?: { data?: { text?: string }[] };
}

/** A media or story node; `insights` and `comments` are there when asked for by field expansion. */
export interface MediaNode {
  id: string;
  media_type?: string;
  media_product_type?: string;
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  shortcode?: string;
  timestamp?: string;
  like_count?: number;
  comments_count?: number;
  children?: { data?: { media_type?: string; media_url?: string; thumbnail_url?: string }[] };
  insights?: { data?: InsightValue[] };
  comments?: { data?: CommentNode[]; paging?: { next?: string } };
}

export interface Profile {
  user_id?: string;
  id?: string;
  username?: string;
  name?: string;
  profile_picture_url?: string;
  followers_count?: number;
  follows_count?: number;
  media_count?: number;
}

/** `2026-11-20T10:15:00+0000` (the platform's form) or any ISO 8601 time. */
export function graphTime(text: string | undefined): Date {
  const date = new Date((text ?? '').replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A lifetime insight's value by name, from an insights answer. */
export function lifetime(answer: { data?: InsightValue[] } | undefined, name: string): number | null {
  const found = answer?.data?.find((entry) => entry.name === name);
  const value = found?.total_value?.value ?? found?.values?.[0]?.value;
  return typeof value === 'number' ? value : null;
}

/**
 * Runs `call`, turning a figure the API does not give (GraphError 'unavailable', a metric refused in
 * practice, code 1 past its retries) into undefined. A call the API refused as malformed (a defect of
 * ours, issue 49) is logged as an error with its metric and parameters before it is left out, so one
 * bad call never takes the rest of a collection with it and never passes for a figure the API lacks.
 */
export async function orUnavailable<T>(call: () => Promise<T>, log?: OfficialLog): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    const { problem } = error;
    if (problem.kind === 'defect') {
      log?.error(
        { metric: error.call?.params.metric, params: error.call?.params, path: error.call?.path, api: problem.message },
        'official API refused a call of ours as malformed (a defect, not a missing figure)',
      );
      return undefined;
    }
    if (problem.kind === 'unknown') {
      log?.warn({ path: error.call?.path, api: problem.message }, 'official API answered code 1 past its retries');
      return undefined;
    }
    if (problem.kind === 'unavailable' || problem.kind === 'refused') return undefined;
    throw error;
  }
}

/** The analysis's worker still holds it: every write of a collection checks this first. */
export async function stillHeld(
  db: Database,
  analysisId: string,
  owner: string,
  set: PgUpdateSetSource<typeof analyses>,
) {
  const saved = await db
    .update(analyses)
    .set(set)
    .where(and(eq(analyses.id, analysisId), eq(analyses.leaseOwner, owner)))
    .returning({ id: analyses.id });
  if (!saved.length) throw new LeaseLost();
}
