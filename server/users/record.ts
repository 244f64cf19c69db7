// The user record as the API speaks it (spec §3), and the account queries the routes share.
import { eq } from 'drizzle-orm';
import type { FigureGap } from '../../common/schema/provenance.ts';
import { type OfficialConnection, officialCountsSchema, type UserRecord } from '../../common/schema/user.ts';
import type { UserRow } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';
import { analyses, users } from '../db/schema.ts';
import { figureSource, figuresProvenance, type SourceSettings, sourcesOf } from '../source/sources.ts';

/** spec §3: last_updated_at is DD-MM-YYYY HH:mm:ss in UTC. */
export function formatUtc(date: Date | null): string | null {
  if (!date) return null;
  const [day, time] = date.toISOString().split('T') as [string, string];
  const [year, month, dayOfMonth] = day.split('-');
  return `${dayOfMonth}-${month}-${year} ${time.slice(0, 8)}`;
}

/** Every User record field of spec §3, with where its figures came from (issue 17). */
export function toUserRecord(row: UserRow, settings: SourceSettings): UserRecord {
  const provenance = figuresProvenance(row);
  return {
    email: row.email,
    username: row.username,
    insta_id: row.instaId,
    insta_full_name: row.instaFullName,
    insta_image_url: row.instaImageUrl,
    is_subscribed: row.isSubscribed,
    is_private: row.isPrivate,
    is_insight: row.isInsight,
    chat_gpt_data: row.chatGptData ?? null,
    total_followers: row.totalFollowers,
    total_following: row.totalFollowing,
    new_followers: row.newFollowers,
    followers_lost: row.followersLost,
    not_follows_back: row.notFollowsBack,
    dont_follow_back: row.doNotFollowsBack,
    profile_views_count: row.profileViewsCount,
    mutual_followers: row.mutualFollowers,
    post_count: row.postCount,
    reel_count: row.reelCount,
    stories_count: row.storiesCount,
    pending_follow_requests: row.pendingFollowRequests,
    recently_unfollowed_profiles: row.recentlyUnfollowedProfiles,
    last_updated_at: formatUtc(row.lastUpdatedAt),
    latest_post_date_time: formatUtc(row.latestPostDateTime),
    data_source: provenance?.source ?? null,
    data_at: provenance?.at ?? null,
    sources: sourcesOf(row, settings),
    ...(settings.official !== undefined && { official: officialConnection(row) }),
    ...officialCountsOf(row),
    ...figureGapsOf(row),
  };
}

/**
 * Issue 51: why a count the account's source gives is null. A sample analysis or an import leaves new
 * and lost null only when it was the first (nothing to compare), and an import leaves posts null when the
 * download was asked for without them. The official API's nulls say why in its own counts (issue 36).
 */
function figureGapsOf(row: UserRow): Pick<UserRecord, 'figure_gaps'> {
  const source = figureSource(row);
  if (source !== 'sample' && source !== 'download') return {};
  const gaps: Record<string, FigureGap> = {};
  const next = source === 'download' ? 'next_download' : 'next_analysis';
  if (row.newFollowers === null) gaps.new_followers = next;
  if (row.followersLost === null) gaps.followers_lost = next;
  if (source === 'download' && row.postCount === null) gaps.post_count = 'not_in_download';
  if (source === 'download' && row.reelCount === null) gaps.reel_count = 'not_in_download';
  return Object.keys(gaps).length ? { figure_gaps: gaps } : {};
}

/** The official API's windows (issue 36), when a collection wrote them. */
function officialCountsOf(row: UserRow): Pick<UserRecord, 'official_counts'> {
  const counts = officialCountsSchema.safeParse(row.officialCounts);
  return counts.success ? { official_counts: counts.data } : {};
}

/** The connection as the app shows it: status, account and times (never the token). */
export function officialConnection(row: UserRow): OfficialConnection {
  return {
    status: row.officialStatus as OfficialConnection['status'],
    username: row.officialUsername,
    connected_at: row.officialConnectedAt?.toISOString() ?? null,
    collected_at: row.officialCollectedAt?.toISOString() ?? null,
  };
}

/** The account with this (normalised) email. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The account with this id. */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The figures of an account that has none: what Clear Data leaves, and a first visit has. */
export const noFigures = {
  chatGptData: null,
  totalFollowers: 0,
  totalFollowing: 0,
  newFollowers: 0,
  followersLost: 0,
  notFollowsBack: 0,
  doNotFollowsBack: 0,
  profileViewsCount: 0,
  mutualFollowers: 0,
  postCount: 0,
  reelCount: 0,
  storiesCount: 0,
  pendingFollowRequests: null,
  recentlyUnfollowedProfiles: null,
  lastUpdatedAt: null,
  latestPostDateTime: null,
  dataSource: 'none',
  dataTakenAt: null,
  downloadTakenAt: null,
  officialCounts: null,
} satisfies Partial<typeof users.$inferInsert>;

/** spec §4 Clear Data: resets what analyses and imports collected (snapshots, events, lists, counts); the login stays. */
export async function clearCollectedData(db: Database, userId: string): Promise<void> {
  // Snapshots, events, lists and checkpoints go with their analyses (ON DELETE CASCADE).
  await db.delete(analyses).where(eq(analyses.userId, userId));
  await db.update(users).set(noFigures).where(eq(users.id, userId));
}
