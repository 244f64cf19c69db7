// Everything the server holds about one account (issue 20, "Export all my data"): the record, every
// analysis and import with its snapshot's time, follow events counted by day, the insight summary,
// payments (date, amount, currency, plan, status: never a card token), subscriptions, the official API's
// connection and what it collected, support messages and the mail we sent. Tokens and code hashes are
// secrets, not data about the person, and stay out, as does the subject of a mail that carried a code.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AccountExport } from '../../common/schema/account-export.ts';
import type { UserRow } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';
import {
  analyses,
  analysisLists,
  followEvents,
  mailOutbox,
  officialAccount,
  officialDays,
  officialMedia,
  officialTokens,
  payments,
  plans,
  pushSubscriptions,
  snapshots,
  storyWatches,
  subscriptions,
  supportQueries,
} from '../db/schema.ts';
import { secretSubjects } from '../mail/outbox.ts';
import { figuresProvenance } from '../source/sources.ts';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** Dates as ISO strings, the rest as stored: a row of the official API's tables for the document. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => key !== 'userId')
      .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/**
 * What a payment charged: the amount recorded with it, or for a payment made before amounts were recorded
 * (issue 20), its plan's trial fee or price as it stands today.
 */
function amountOf(recorded: number | null, plan: typeof plans.$inferSelect | undefined): number | null {
  if (recorded !== null) return recorded / 100;
  if (!plan) return null;
  return (plan.setupFeeCents > 0 ? plan.setupFeeCents : plan.unitAmountCents) / 100;
}

async function analysesOf(db: Database, userId: string): Promise<AccountExport['analyses']> {
  const rows = await db
    .select({
      id: analyses.id,
      source: analyses.source,
      status: analyses.status,
      startedAt: analyses.startedAt,
      finishedAt: analyses.finishedAt,
      takenAt: snapshots.takenAt,
      followers: snapshots.followersCount,
      following: snapshots.followingCount,
    })
    .from(analyses)
    .leftJoin(snapshots, eq(snapshots.analysisId, analyses.id))
    .where(eq(analyses.userId, userId))
    .orderBy(asc(analyses.startedAt));
  const lists = await db
    .select({ analysisId: analysisLists.analysisId, list: analysisLists.list, count: analysisLists.count })
    .from(analysisLists)
    .innerJoin(analyses, eq(analyses.id, analysisLists.analysisId))
    .where(eq(analyses.userId, userId));
  return rows.map((row) => ({
    source: row.source,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    finished_at: iso(row.finishedAt),
    snapshot: row.takenAt
      ? { taken_at: row.takenAt.toISOString(), followers: row.followers ?? 0, following: row.following ?? 0 }
      : null,
    lists: Object.fromEntries(
      lists.filter((list) => list.analysisId === row.id).map((list) => [list.list, list.count]),
    ),
  }));
}

async function paymentsOf(db: Database, user: UserRow): Promise<AccountExport['payments']> {
  const rows = await db
    .select({
      createdAt: payments.createdAt,
      status: payments.status,
      amountCents: payments.amountCents,
      currency: payments.currency,
      plan: plans,
    })
    .from(payments)
    .leftJoin(plans, eq(plans.planId, payments.planCode))
    // By the account only: anyone may type this address into the offer's form (issue 32).
    .where(eq(payments.userId, user.id))
    .orderBy(asc(payments.createdAt));
  return rows.map((row) => ({
    date: row.createdAt.toISOString(),
    amount: amountOf(row.amountCents, row.plan ?? undefined),
    currency: row.currency ?? row.plan?.currency ?? 'USD',
    plan: row.plan?.name ?? '',
    status: row.status,
  }));
}

async function officialOf(db: Database, user: UserRow): Promise<AccountExport['official']> {
  const [token] = await db.select().from(officialTokens).where(eq(officialTokens.userId, user.id));
  const days = await db
    .select()
    .from(officialDays)
    .where(eq(officialDays.userId, user.id))
    .orderBy(asc(officialDays.day));
  const media = await db
    .select()
    .from(officialMedia)
    .where(eq(officialMedia.userId, user.id))
    .orderBy(asc(officialMedia.takenAt));
  const [account] = await db.select().from(officialAccount).where(eq(officialAccount.userId, user.id));
  return {
    status: user.officialStatus,
    username: user.officialUsername,
    connected_at: iso(user.officialConnectedAt),
    collected_at: iso(user.officialCollectedAt),
    // When the connection's token was issued and runs out; the sealed token itself is a secret.
    token: token
      ? { issued_at: token.issuedAt.toISOString(), expires_at: token.expiresAt.toISOString(), scopes: token.scopes }
      : null,
    days: days.map(plain),
    media: media.map(plain),
    account: account ? plain(account) : null,
  };
}

/** The account's document, as of `now`. */
export async function accountExport(db: Database, user: UserRow, now: Date): Promise<AccountExport> {
  const day = sql<string>`to_char(${followEvents.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  // Only a complete analysis's: a commit writes its events before the transaction that completes it (issue 31).
  const events = await db
    .select({ day, kind: followEvents.kind, count: count() })
    .from(followEvents)
    .innerJoin(analyses, eq(analyses.id, followEvents.analysisId))
    .where(and(eq(followEvents.userId, user.id), eq(analyses.status, 'complete')))
    .groupBy(day, followEvents.kind)
    .orderBy(day, followEvents.kind);
  const subscribed = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id))
    .orderBy(asc(subscriptions.createdAt));
  const support = await db
    .select({ createdAt: supportQueries.createdAt, query: supportQueries.query })
    .from(supportQueries)
    .where(eq(supportQueries.userId, user.id))
    .orderBy(asc(supportQueries.createdAt));
  const watches = await db
    .select()
    .from(storyWatches)
    .where(eq(storyWatches.userId, user.id))
    .orderBy(asc(storyWatches.watchedAt));
  const mail = await db
    .select({
      createdAt: mailOutbox.createdAt,
      kind: mailOutbox.kind,
      subject: mailOutbox.subject,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, user.email)))
    .orderBy(asc(mailOutbox.createdAt));
  const provenance = figuresProvenance(user);
  return {
    format: 'followscope-account-export',
    version: 1,
    exported_at: now.toISOString(),
    user: {
      email: user.email,
      username: user.username,
      insta_id: user.instaId,
      insta_full_name: user.instaFullName,
      insta_image_url: user.instaImageUrl,
      is_subscribed: user.isSubscribed,
      is_private: user.isPrivate,
      created_at: user.createdAt.toISOString(),
      counts: {
        total_followers: user.totalFollowers,
        total_following: user.totalFollowing,
        new_followers: user.newFollowers,
        followers_lost: user.followersLost,
        not_follows_back: user.notFollowsBack,
        dont_follow_back: user.doNotFollowsBack,
        profile_views_count: user.profileViewsCount,
        mutual_followers: user.mutualFollowers,
        post_count: user.postCount,
        reel_count: user.reelCount,
        stories_count: user.storiesCount,
        // Issue 50 item 5: the newest download's own lists; null where it has no such file.
        pending_follow_requests: user.pendingFollowRequests,
        recently_unfollowed_profiles: user.recentlyUnfollowedProfiles,
      },
      last_updated_at: iso(user.lastUpdatedAt),
      latest_post_date_time: iso(user.latestPostDateTime),
      data_source: provenance?.source ?? null,
      data_at: provenance?.at ?? null,
      download_taken_at: iso(user.downloadTakenAt),
    },
    analyses: await analysesOf(db, user.id),
    follow_events_by_day: events.map((row) => ({ day: row.day, kind: row.kind, count: Number(row.count) })),
    insight: user.chatGptData ?? null,
    payments: await paymentsOf(db, user),
    subscriptions: subscribed.map((row) => ({
      started_at: row.createdAt.toISOString(),
      plan: row.planCode,
      state: row.state,
      gateway: row.gateway,
    })),
    official: await officialOf(db, user),
    support_messages: support.map((row) => ({ date: row.createdAt.toISOString(), message: row.query })),
    story_watches: watches.map((row) => ({
      story_user_id: row.storyUserId,
      seen_until: row.seenUntil.toISOString(),
      watched_at: row.watchedAt.toISOString(),
    })),
    mail: mail.map((row) => ({
      date: row.createdAt.toISOString(),
      kind: row.kind,
      subject: secretSubjects.has(row.kind) ? null : row.subject,
      sent_at: iso(row.sentAt),
    })),
    notifications: (
      await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id))
        .orderBy(asc(pushSubscriptions.createdAt))
    ).map((row) => ({
      since: row.createdAt.toISOString(),
      language: row.locale,
      weekly_reminder: row.weeklyReminder,
      last_sent_at: iso(row.lastSentAt),
    })),
    source: provenance ?? null,
  };
}
