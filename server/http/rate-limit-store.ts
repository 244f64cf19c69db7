// A store for @fastify/rate-limit kept in the shared database (table rate_limit_hits), so every API
// process behind a load balancer counts towards the same per-IP limits. Each hit is one atomic
// upsert timed by the database's clock (now()), so processes whose clocks disagree still agree on
// when a window ends. Ended windows are swept now and then, at most once a minute per process.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';
import { dbNowPlus, sweepNowAndThen } from '../db/time.ts';

/** How often one process sweeps ended windows, at most. */
export const SWEEP_EVERY_MS = 60_000;
/** The longest window exponential backoff may grow to (about 139 years), well inside a timestamp. */
const MAX_WINDOW_MS = 2 ** 42;
/** hits is an int4; a key hammered without end stops counting here instead of overflowing. */
const MAX_HITS = 2_147_483_647;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin passes to the constructor (its global settings) and to child() (a route's). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface DatabaseRateLimitStoreOptions {
  /** Least time between two sweeps by this process; SWEEP_EVERY_MS unless told. */
  sweepEveryMs?: number;
  /** Told when a sweep fails (a failed sweep never fails a request). */
  onSweepError?: (error: unknown) => void;
}

/** Milliseconds left in a row's window by the database's clock, rounded up. */
const ttlMs = sql<number>`ceil(extract(epoch from (${rateLimitHits.windowEndsAt} - now())) * 1000)::float8`;

/** Deletes every ended window; returns how many went. */
export async function sweepRateLimitHits(db: Database): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.windowEndsAt, sql`now()`))
    .returning({ key: rateLimitHits.key });
  return gone.length;
}

/**
 * The store class to pass as `store` to @fastify/rate-limit. Keys are the plugin's (the IP); a
 * route-level limit gets its own counters, prefixed `METHOD/url-` like the plugin's Redis store.
 */
export function databaseRateLimitStore(
  db: Database,
  options: DatabaseRateLimitStoreOptions = {},
): FastifyRateLimitStoreCtor {
  const maybeSweep = sweepNowAndThen(
    () => sweepRateLimitHits(db),
    options.sweepEveryMs ?? SWEEP_EVERY_MS,
    options.onSweepError,
  );

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly continueExceeding: boolean;
    private readonly exponentialBackoff: boolean;

    constructor(
      params: StoreParams,
      private readonly prefix = '',
    ) {
      this.continueExceeding = params.continueExceeding === true;
      this.exponentialBackoff = params.exponentialBackoff === true;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.hit(this.prefix + key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      maybeSweep();
    }

    /** The count and time left without counting a hit (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      db.select({ current: rateLimitHits.hits, ttl: ttlMs })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, this.prefix + key), gt(rateLimitHits.windowEndsAt, sql`now()`)))
        .then(
          ([row]) => callback(null, row ?? { current: 0, ttl: 0 }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const params = routeOptions as unknown as StoreParams;
      const method = params.routeInfo?.method ?? '';
      const url = params.routeInfo?.url ?? '';
      return new DatabaseRateLimitStore(params, `${this.prefix}${String(method)}${url}-`);
    }

    /**
     * One statement: a new key or an ended window starts a window of `timeWindow` at 1 hit;
     * otherwise the hit is counted, and past `max` the window restarts (continueExceeding) or
     * doubles per extra hit (exponentialBackoff) when the route asks for it.
     */
    private async hit(key: string, timeWindow: number, max: number): Promise<{ current: number; ttl: number }> {
      const ended = sql`${rateLimitHits.windowEndsAt} <= now()`;
      const counted = sql`${rateLimitHits.hits} + 1`;
      let extended: SQL | undefined;
      if (this.continueExceeding) extended = dbNowPlus(timeWindow);
      else if (this.exponentialBackoff)
        extended = dbNowPlus(
          sql`least(${timeWindow}::float8 * power(2::float8, least(${counted} - ${max}::int - 1, 60)), ${MAX_WINDOW_MS}::float8)`,
        );
      const windowEndsAt = extended
        ? sql`case when ${ended} then ${dbNowPlus(timeWindow)}
            when ${counted} > ${max}::int then ${extended}
            else ${rateLimitHits.windowEndsAt} end`
        : sql`case when ${ended} then ${dbNowPlus(timeWindow)} else ${rateLimitHits.windowEndsAt} end`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, hits: 1, windowEndsAt: dbNowPlus(timeWindow) })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${ended} then 1 else least(${rateLimitHits.hits}, ${MAX_HITS - 1}) + 1 end`,
            windowEndsAt,
          },
        })
        .returning({ current: rateLimitHits.hits, ttl: ttlMs });
      if (!row) throw new Error('rate limit upsert returned no row');
      return row;
    }
  }

  return DatabaseRateLimitStore;
}
