// Issue 32: per-account limits on the routes whose one request costs the server seconds (a list's whole
// stream, the account's document, an import's upload and commit, an analysis, the official API's
// connect), and the one export an account may run at a time. A subscriber is a paying user, not an
// attacker, but one of them firing 16 exports of a 500,000-name list at once made the health check wait
// 24.8 s. The counters are @fastify/rate-limit's, in the database (rate_limit_hits, shared by every API
// process, on the database's clock), keyed by the account's id rather than the IP: a household behind
// one address is not one user, and one user on many addresses still is.

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { exportSlots } from '../db/schema.ts';
import { dbNowPlus } from '../db/time.ts';
import { type ServerMessage, translate } from '../i18n/messages.ts';

/** One limit: at most `max` requests per `windowMs` per account. */
export interface AccountLimit {
  max: number;
  windowMs: number;
}

/** The per-account limits (docs/security.md "Limits per account"). */
export interface AccountLimits {
  /** A list's stream and the account's document, together. */
  exports: AccountLimit;
  /** Opening an upload of a data download. */
  importOpens: AccountLimit;
  /** An upload's chunks (an upload may hold 2 × 1,000). */
  importChunks: AccountLimit;
  /** Committing an upload. */
  importCommits: AccountLimit;
  /** Starting an analysis. */
  analyses: AccountLimit;
  /** The official API's connect: the consent address and the code's exchange. */
  officialConnects: AccountLimit;
  /** Issue 48 (server/http/account-gates.ts): a list's pages. */
  lists: AccountLimit;
  /** Stories' pages, the downloader and story watches. */
  stories: AccountLimit;
  /** A refresh of the stories: it asks the source again. */
  storyRefreshes: AccountLimit;
  /** The follower history. */
  history: AccountLimit;
  /** Post analytics, post groups, the best time and a post's comments. */
  posts: AccountLimit;
  /** The insight summary (also limited per day) and its popup. */
  insights: AccountLimit;
  /** The payment gateway's subscription details, cancel and keep, and a renewal's charge. */
  billing: AccountLimit;
  /** Support messages: each one queues a mail to the support address. */
  support: AccountLimit;
}

const MINUTE = 60_000;

/**
 * Generous for a person, tight for a loop: a whole-account ZIP is 7 export requests and a broken list
 * resumes at most twice, so 60 exports in 10 minutes is eight ZIPs; an analysis of a million followers
 * takes seconds to minutes, so 20 starts in 10 minutes is more than anyone presses.
 */
export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  exports: { max: 60, windowMs: 10 * MINUTE },
  importOpens: { max: 30, windowMs: 10 * MINUTE },
  importChunks: { max: 4_000, windowMs: 10 * MINUTE },
  importCommits: { max: 30, windowMs: 10 * MINUTE },
  analyses: { max: 20, windowMs: 10 * MINUTE },
  officialConnects: { max: 20, windowMs: 10 * MINUTE },
  // Issue 48: a person scrolling reads a page a second at most; a loop reads hundreds.
  lists: { max: 1_200, windowMs: 10 * MINUTE },
  stories: { max: 600, windowMs: 10 * MINUTE },
  storyRefreshes: { max: 30, windowMs: 10 * MINUTE },
  history: { max: 120, windowMs: 10 * MINUTE },
  posts: { max: 900, windowMs: 10 * MINUTE },
  insights: { max: 120, windowMs: 10 * MINUTE },
  billing: { max: 60, windowMs: 10 * MINUTE },
  // A person sends a handful of support messages a day (a question, a follow-up, a correction): 10 a
  // day leaves room for that and for the outbox's resends, while a loop cannot fill the support inbox
  // and the mail queue (each message is a mail to the support address).
  support: { max: 10, windowMs: 24 * 60 * MINUTE },
};

/** The message each limit's 429 carries. */
const limitMessages: Record<keyof AccountLimits, ServerMessage> = {
  exports: 'tooManyExports',
  importOpens: 'tooManyImports',
  importChunks: 'tooManyImports',
  importCommits: 'tooManyImports',
  analyses: 'tooManyAnalyses',
  officialConnects: 'tooManyRequests',
  lists: 'tooManyRequests',
  stories: 'tooManyRequests',
  storyRefreshes: 'tooManyRefreshes',
  history: 'tooManyRequests',
  posts: 'tooManyRequests',
  insights: 'tooManyRequests',
  billing: 'tooManyRequests',
  support: 'tooManySupportMessages',
};

/** An error the error handler answers with its status and its own message (server/http/errors.ts). */
export class RefusalError extends Error {
  constructor(
    readonly statusCode: number,
    readonly serverMessage: ServerMessage,
  ) {
    super(serverMessage);
  }
}

/**
 * A preHandler, placed after requireUser or requireSubscriber, that counts the request against the
 * account's `name` limit and refuses it past the limit: 429, `Retry-After` (seconds until the window
 * ends), and the limit's message in the caller's language. Every route given the same name shares one
 * counter (the six lists' exports are one limit).
 */
export function accountLimit(app: FastifyInstance, limits: AccountLimits, name: keyof AccountLimits) {
  const { max, windowMs } = limits[name];
  const limiter = app.rateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request: FastifyRequest) => `account:${name}:${request.account?.user.id ?? ''}`,
    errorResponseBuilder: () => new RefusalError(429, limitMessages[name]),
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Refused already (no login, not subscribed): nothing to count.
    if (reply.sent || !request.account) return;
    await limiter.call(app, request, reply);
  };
}

/** How long a held slot lasts without being renewed: a process that died frees it after this. */
export const SLOT_LEASE_MS = 30_000;
/** A stream renews its slot when it is older than this. */
const RENEW_AFTER_MS = 10_000;
/** What a refused export is told to wait, in seconds, when the running one renews its slot as it goes. */
export const SLOT_RETRY_AFTER_S = 5;

/** A held export slot: renewed as the stream goes, released once (any later call does nothing). */
export interface ExportSlot {
  /** Renews the lease when due; false when the slot was lost (it expired and another export took it). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/** Refuses an export while the account's other one runs: 429, when to try again, in the caller's language. */
export function refuseBusyExport(request: FastifyRequest, reply: FastifyReply, retryAfterS: number) {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterS))
    .send({ message: translate('exportRunning', request.headers['accept-language']) });
}

/**
 * Takes the account's one export slot, or says how long to wait. The slot is a row of export_slots in
 * the shared database, not a counter in this process: with several `--role=api` processes behind a
 * load balancer, an account's second export is refused whichever process it reaches.
 */
export async function takeExportSlot(
  db: Database,
  userId: string,
): Promise<{ kind: 'taken'; slot: ExportSlot } | { kind: 'busy'; retryAfterS: number }> {
  const holder = crypto.randomUUID();
  const [taken] = await db
    .insert(exportSlots)
    .values({ userId, holder, expiresAt: dbNowPlus(SLOT_LEASE_MS) })
    .onConflictDoUpdate({
      target: exportSlots.userId,
      set: { holder, expiresAt: dbNowPlus(SLOT_LEASE_MS) },
      setWhere: sql`${exportSlots.expiresAt} <= now()`,
    })
    .returning({ holder: exportSlots.holder });
  if (taken?.holder !== holder) return { kind: 'busy', retryAfterS: SLOT_RETRY_AFTER_S };
  const mine = and(eq(exportSlots.userId, userId), eq(exportSlots.holder, holder));
  let renewedAt = performance.now();
  let released: Promise<void> | undefined;
  return {
    kind: 'taken',
    slot: {
      async renew() {
        if (released) return false;
        if (performance.now() - renewedAt < RENEW_AFTER_MS) return true;
        renewedAt = performance.now();
        const kept = await db
          .update(exportSlots)
          .set({ expiresAt: dbNowPlus(SLOT_LEASE_MS) })
          .where(mine)
          .returning({ holder: exportSlots.holder });
        return kept.length > 0;
      },
      release() {
        released ??= db
          .delete(exportSlots)
          .where(mine)
          .then(() => undefined);
        return released;
      },
    },
  };
}
