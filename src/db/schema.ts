// The Dexie schema. Every version ever shipped stays listed here, in order, unedited: an upgrade
// adds a version below the last one, with a test that starts from the previous version's data.
import Dexie, { type EntityTable } from 'dexie';
import type { ListName } from '../../common/lists.ts';
import type { BestTime } from '../../common/schema/best-time.ts';
import type { PlanKind } from '../../common/schema/billing.ts';
import type { FollowerListItem, Post, PostGroupName, StoryUser } from '../../common/schema/lists.ts';
import type { HistoryPoint, PostAnalysis, Sentiment } from '../../common/schema/posts.ts';
import type { Provenance, SourceKind } from '../../common/schema/provenance.ts';
import type { UserRecord } from '../../common/schema/user.ts';
import type { PreparedSnapshot } from '../import/upload.ts';
import { DATABASE_NAME } from './name.ts';

/** The login (spec §3 "Login"): one row, key 'current'. */
export interface LoginRow {
  id: 'current';
  token: string;
  email: string;
  username: string;
  insta_full_name: string;
  /** spec §3: the subscription flag; decides guards B and C. */
  is_subscribed: boolean;
  updatedAt: number;
}

/** The user record (spec §3): one row, key 'current'. */
export interface UserRow extends UserRecord {
  id: 'current';
  /** spec §8: the message of a user-detail 400, which blocks analysis while insta_id is ten zeros. */
  invalidUsernameMessage?: string;
  updatedAt: number;
}

/** One page of 15 of a follower list, as the screen shows it. */
export interface ListPageRow {
  list: ListName;
  page: number;
  items: FollowerListItem[];
  hasMore: boolean;
  /** The whole list's length as the server said it with this page (issue 34; absent in older rows). */
  total?: number;
  updatedAt: number;
}

/** A post group (spec §3 post_popularity item) for posts or reels. */
export interface PostGroupRow {
  group: PostGroupName;
  isReel: 0 | 1;
  post_count: number;
  posts: Post[];
  /** The source cannot rank posts (a data download). Absent in rows written before issue 9. */
  unavailable?: boolean;
  /** When unavailable: the sources that would give it (issue 17; absent in older rows). */
  needs?: SourceKind[];
  /** Where the posts came from (issue 17; absent in older rows). */
  source?: Provenance;
  /**
   * False when `posts` are the group's first few only (post analytics asks for the 3 it shows; view all
   * asks for the rest). Absent in rows written before issue 31, which always held the whole group.
   */
  complete?: boolean;
  updatedAt: number;
}

/** One story user in the order the list loaded them. */
export interface StoryRow {
  id: string;
  position: number;
  user: StoryUser;
  updatedAt: number;
}

/** spec §3 "userData": the token of an expired user, kept apart from the login for the renewal. */
export interface UserDataRow {
  id: 'current';
  token: string;
  email: string;
  username: string;
  updatedAt: number;
}

/** A CMS page (terms, privacy) in one language, kept for reading offline. */
export interface CmsPageRow {
  name: 'TERMS_OF_SERVICE' | 'PRIVACY_POLICY';
  locale: string;
  title: string;
  updated: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
  updatedAt: number;
}

/** The post and reel metrics (spec §3): one row, key 'current'. */
export interface PostAnalysisRow extends PostAnalysis {
  id: 'current';
  updatedAt: number;
}

/** A post's sentiment analysis, kept so the detail reopens offline. */
export interface SentimentRow {
  shortCode: string;
  report: Sentiment;
  updatedAt: number;
}

/** Followers at each analysis (the growth chart): one row, key 'current'. */
export interface HistoryRow {
  id: 'current';
  points: HistoryPoint[];
  updatedAt: number;
}

/** Where the stories list stands (spec §4 Story paging): the next_id to ask for, '' when done. */
export interface StoryPagingRow {
  id: 'current';
  nextId: string;
  pages: number;
  /** Where the newest page came from (issue 17; absent in older rows). */
  source?: Provenance;
  updatedAt: number;
}

/** The subscription's plan and status (spec §7 planDetails): one row, key 'current'. */
export interface PlanDetailsRow {
  id: 'current';
  name: string | null;
  status: 'active' | 'inactive';
  /** When a cancelled subscription ends (ISO); null while it renews. Absent in rows before issue 20. */
  endsAt?: string | null;
  /** Whether it can be cancelled in the app (issue 20; absent in older rows). */
  canCancel?: boolean;
  /** Issue 34 (absent in older rows): the plan's kind, to name it in the reader's language. */
  plan?: PlanKind | null;
  /** The trial's end (ISO), or while it waits for the first figures the latest its days start. */
  trialEndsAt?: string | null;
  trialWaitsUntil?: string | null;
  /** The next charge (ISO) and its amount in `currency`. */
  nextChargeAt?: string | null;
  nextAmount?: number | null;
  currency?: string | null;
  updatedAt: number;
}

/** Best time to post, as the server last answered it: one row, key 'current'. */
export interface BestTimeRow {
  id: 'current';
  answer: BestTime;
  updatedAt: number;
}

/**
 * A story user whose stories this device showed (issue 36): the list marks them seen at once, offline
 * too, while the watch call (POST client/list/watch/stories/) waits in the outbox.
 */
export interface StoryWatchRow {
  /** The story user's id. */
  id: string;
  /** When the newest item shown was taken (Unix ms): a later item makes the user unseen again. */
  seenUntil: number;
  updatedAt: number;
}

/** A request that could not be sent yet; the key makes a resend idempotent at the server. */
export interface OutboxRow {
  seq?: number;
  key: string;
  method: 'POST' | 'GET';
  path: string;
  body?: unknown;
  createdAt: number;
  attempts: number;
}

/**
 * A data download read on this device while it was offline (issue 33): its snapshot, ready to send,
 * waiting behind its outbox row (same key) for the connection to come back.
 */
export interface PendingImportRow {
  key: string;
  /** What the user shared or picked (a file name), for the messages about it. */
  label: string;
  prepared: PreparedSnapshot;
  createdAt: number;
}

export class FollowscopeDb extends Dexie {
  login!: EntityTable<LoginRow, 'id'>;
  user!: EntityTable<UserRow, 'id'>;
  listPages!: Dexie.Table<ListPageRow, [ListName, number]>;
  postGroups!: Dexie.Table<PostGroupRow, [PostGroupName, 0 | 1]>;
  stories!: EntityTable<StoryRow, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  userData!: EntityTable<UserDataRow, 'id'>;
  cmsPages!: Dexie.Table<CmsPageRow, [CmsPageRow['name'], string]>;
  postAnalysis!: EntityTable<PostAnalysisRow, 'id'>;
  sentiment!: EntityTable<SentimentRow, 'shortCode'>;
  history!: EntityTable<HistoryRow, 'id'>;
  storyPaging!: EntityTable<StoryPagingRow, 'id'>;
  planDetails!: EntityTable<PlanDetailsRow, 'id'>;
  bestTime!: EntityTable<BestTimeRow, 'id'>;
  pendingImports!: EntityTable<PendingImportRow, 'key'>;
  storyWatches!: EntityTable<StoryWatchRow, 'id'>;

  constructor(name = DATABASE_NAME) {
    super(name);
    // Version 1: the walking skeleton. Cached rows carry an indexed updatedAt so eviction is a range delete.
    this.version(1).stores({
      login: 'id',
      user: 'id',
      listPages: '[list+page], updatedAt',
      postGroups: '[group+isReel], updatedAt',
      stories: 'id, position, updatedAt',
      outbox: '++seq, &key, createdAt',
    });
    // Version 2: accounts. The renewal token of an expired user, and terms and privacy for offline reading.
    this.version(2).stores({
      userData: 'id',
      cmsPages: '[name+locale], updatedAt',
    });
    // Version 3: post and reel analytics, sentiment reports and the follower history.
    this.version(3).stores({
      postAnalysis: 'id',
      sentiment: 'shortCode, updatedAt',
      history: 'id',
    });
    // Version 4: where the stories list stands, so it reopens where it was.
    this.version(4).stores({ storyPaging: 'id' });
    // Version 5: the subscription's plan, so Manage subscription opens offline.
    this.version(5).stores({ planDetails: 'id' });
    // Version 6: best time to post, so the post analytics screen shows it offline.
    this.version(6).stores({ bestTime: 'id' });
    // Version 7: downloads read offline, waiting to be sent (issue 33).
    this.version(7).stores({ pendingImports: 'key, createdAt' });
    // Version 8 (issue 36): story users watched on this device, so the list marks them seen offline.
    this.version(8).stores({ storyWatches: 'id, updatedAt' });
  }
}
