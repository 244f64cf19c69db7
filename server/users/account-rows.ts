// How many rows of each table mention an account (issue 20): the development report that proves a
// deletion left nothing. Every table of the schema is either counted here or named, with why, in
// `tablesAboutNoAccount`; a test fails when a new table is neither, so none can be forgotten.
import { eq, getTableName, inArray, is, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';

/** Which account to look for; analysis and payment ids found before a deletion keep finding rows after it. */
export interface AccountKey {
  email: string;
  userId?: string | undefined;
  analysisIds?: string[];
  paymentIds?: string[];
}

/** Tables that hold nothing about one account, and why. */
export const tablesAboutNoAccount: Record<string, string> = {
  plans: 'the offer',
  settings: 'server-wide keys',
  payment_attempts: 'per-IP attempt counts (spec §9), no account, kept 10 minutes',
  rate_limit_hits:
    'request counters keyed by IP or by an account’s id (issue 32), nothing else, gone when their window ends',
  captcha_replays: 'solved human-check challenges, no account',
  captcha_passes: 'one-time human-check passes, per IP, no account',
  sandbox_tokens: 'the sandbox gateway’s card tokens: a test card’s scenario and last four digits, no person',
  sandbox_charges: 'the sandbox gateway’s answers by payment key, no person',
  sandbox_three_ds: 'the sandbox gateway’s 3-D Secure challenges, no person',
  sandbox_subscriptions: 'the sandbox gateway’s subscriptions by reference (plan and dates), no person',
  profiles: 'the network’s public profiles shown in lists (other accounts), shared by every user',
  official_deletions:
    'data-deletion requests the network sent (issue 49): a confirmation code, the network’s app-scoped id and when it was done, for its status page; no Followscope account',
};

/** Each counted table with what selects the account's rows in it. */
function filtersFor(
  email: string,
  userId: string | undefined,
  analysisIds: string[],
): Array<[PgTable, SQL | undefined]> {
  const byUser = (column: PgColumn): SQL => (userId ? eq(column, userId) : sql`false`);
  const byAnalysis = (column: PgColumn): SQL => (analysisIds.length ? inArray(column, analysisIds) : sql`false`);
  const pattern = `%${email.replace(/[\\%_]/g, '\\$&')}%`;
  return [
    [schema.users, or(byUser(schema.users.id), eq(schema.users.email, email))],
    [schema.loginCodes, eq(schema.loginCodes.email, email)],
    [schema.loginFailures, eq(schema.loginFailures.email, email)],
    [schema.sessions, byUser(schema.sessions.userId)],
    [schema.loginDevices, byUser(schema.loginDevices.userId)],
    [schema.supportQueries, or(byUser(schema.supportQueries.userId), eq(schema.supportQueries.email, email))],
    // Mail to the address, support mail from it, and any text that names it.
    [
      schema.mailOutbox,
      or(
        eq(schema.mailOutbox.toAddress, email),
        eq(schema.mailOutbox.replyTo, email),
        sql`${schema.mailOutbox.bodyText} ilike ${pattern}`,
      ),
    ],
    [schema.subscriptions, byUser(schema.subscriptions.userId)],
    [schema.payments, paymentsOf(email, userId)],
    [schema.analyses, or(byUser(schema.analyses.userId), byAnalysis(schema.analyses.id))],
    [schema.analysisChunks, byAnalysis(schema.analysisChunks.analysisId)],
    [schema.analysisParts, byAnalysis(schema.analysisParts.analysisId)],
    [schema.snapshots, or(byUser(schema.snapshots.userId), byAnalysis(schema.snapshots.analysisId))],
    [schema.importChunks, byAnalysis(schema.importChunks.analysisId)],
    [schema.followEvents, or(byUser(schema.followEvents.userId), byAnalysis(schema.followEvents.analysisId))],
    [schema.analysisLists, byAnalysis(schema.analysisLists.analysisId)],
    [schema.followerRenames, or(byUser(schema.followerRenames.userId), byAnalysis(schema.followerRenames.analysisId))],
    [schema.officialTokens, byUser(schema.officialTokens.userId)],
    [schema.officialMedia, byUser(schema.officialMedia.userId)],
    [schema.officialDays, byUser(schema.officialDays.userId)],
    [schema.officialAccount, byUser(schema.officialAccount.userId)],
    [schema.storyPages, byUser(schema.storyPages.userId)],
    [schema.storyWatches, byUser(schema.storyWatches.userId)],
    [schema.idempotencyKeys, byUser(schema.idempotencyKeys.userId)],
    [schema.pushSubscriptions, byUser(schema.pushSubscriptions.userId)],
    [schema.exportSlots, byUser(schema.exportSlots.userId)],
  ];
}

/** Payments that still name the account: by its user id or its email. */
const paymentsOf = (email: string, userId: string | undefined) =>
  or(userId ? eq(schema.payments.userId, userId) : sql`false`, eq(schema.payments.email, email));

/** The tables `accountRows` counts. */
export const countedTables = filtersFor('', undefined, []).map(([table]) => getTableName(table));

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The account's id; the rows mentioning it, per table; the ids of its analyses; the payments found by id or
 * still naming it, whole (a kept one must name no one); and the kinds of mail to the address.
 */
export async function accountRows(db: Database, key: AccountKey) {
  // Asked by email alone, the account (while it exists) is found by it.
  const [byEmail] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, key.email));
  const userId = key.userId && isUuid(key.userId) ? key.userId : byEmail?.id;
  const owned = userId
    ? await db.select({ id: schema.analyses.id }).from(schema.analyses).where(eq(schema.analyses.userId, userId))
    : [];
  // Sorted: a select without an order gives rows as stored, which updates to other rows reorder.
  const analysisIds = [...new Set([...(key.analysisIds ?? []).filter(isUuid), ...owned.map((row) => row.id)])].sort();
  const counts: Record<string, number> = {};
  for (const [table, filter] of filtersFor(key.email, userId, analysisIds)) {
    counts[getTableName(table)] = await db.$count(table, filter);
  }
  const naming = await db.select({ id: schema.payments.id }).from(schema.payments).where(paymentsOf(key.email, userId));
  const paymentIds = [...new Set([...(key.paymentIds ?? []).filter(isUuid), ...naming.map((row) => row.id)])];
  const payments = paymentIds.length
    ? await db.select().from(schema.payments).where(inArray(schema.payments.id, paymentIds))
    : [];
  const mail = await db
    .select({ kind: schema.mailOutbox.kind })
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.toAddress, key.email));
  return { userId, counts, analysisIds, payments, mailKinds: mail.map((row) => row.kind) };
}

/** Every table the schema declares, by its database name. */
export function schemaTables(): string[] {
  return (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []));
}
