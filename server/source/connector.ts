// The source connector: where follower data comes from. The sample network is the embedded default for
// demos and tests; the network's official API for professional accounts sits behind the same interface.
// A connector answers `unsupported` for what it cannot give (or an account it does not hold): never an
// invented figure.

/** An account on the network. Ids are 64-bit, as decimal strings. */
export interface SourceProfile {
  id: string;
  username: string;
  fullName: string;
  imageUrl: string;
  isPrivate: boolean;
  followerCount: number;
  followingCount: number;
  postCount: number;
  reelCount: number;
  storiesCount: number;
}

/** What a list shows of an account. */
export type ProfileSummary = Pick<SourceProfile, 'id' | 'username' | 'fullName' | 'imageUrl'>;

/** One page of a follower or following list; `next` is null after the last page. */
export interface IdPage {
  ids: BigUint64Array;
  next: string | null;
}

/** A call's outcome: a value, "slow down" (HTTP 429 with Retry-After), not found, or a failure. */
export type SourceResult<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'rateLimited'; retryAfterMs: number }
  | { kind: 'notFound' }
  | { kind: 'failed'; message: string };

/** A post or reel on the network; times in Unix seconds; views count for videos only. */
export interface SourcePost {
  shortCode: string;
  isReel: boolean;
  type: 'image' | 'video';
  takenAt: number;
  likes: number;
  comments: number;
  /** Null where the source gave none (the official API refusing it for some media, issue 49). */
  views: number | null;
  /** The items of a carousel (empty for a single photo or video). */
  children: { type: 'image' | 'video'; url: string; thumbnailUrl: string }[];
  thumbnailUrl: string;
  url: string;
}

/** One story item (spec §3 Story item); times in Unix milliseconds. */
export interface SourceStoryItem {
  id: string;
  mediaType: 'image' | 'video';
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  durationMs: number;
  takenAt: number;
  expiringAt: number;
}

/** An account with stories up (spec §3 Story user). */
export interface SourceStoryUser {
  id: string;
  username: string;
  name: string;
  profileImage: string;
  thumbnailImage: string;
  items: SourceStoryItem[];
}

export interface StoryPage {
  users: SourceStoryUser[];
  /** The cursor of the next page, or null after the last. */
  next: string | null;
}

export interface SourceConnector {
  lookup(username: string): Promise<SourceResult<SourceProfile> | { kind: 'unsupported' }>;
  followers(accountId: string, cursor: string | null): Promise<SourceResult<IdPage>>;
  following(accountId: string, cursor: string | null): Promise<SourceResult<IdPage>>;
  /** Profile viewers, or `unsupported` for a source that has no such data (never an invented list). */
  profileViewers(accountId: string): Promise<SourceResult<string[]> | { kind: 'unsupported' }>;
  /** What lists show of these accounts. */
  profiles(ids: string[]): Promise<ProfileSummary[]>;
  /** The account's posts and reels, newest first. */
  posts(username: string): Promise<SourceResult<SourcePost[]> | { kind: 'unsupported' }>;
  /** The text of the comments under one of the account's posts. */
  comments(username: string, shortCode: string): Promise<SourceResult<string[]> | { kind: 'unsupported' }>;
  /** Stories up now from the accounts `username` follows, `size` accounts a page. */
  stories(
    username: string,
    cursor: string | null,
    size: number,
  ): Promise<SourceResult<StoryPage> | { kind: 'unsupported' }>;
  /**
   * The stories one account has up now (the downloader's stories mode). `asker`, the account whose
   * screens ask, lets a source find the people those screens showed (the sample network's own people).
   */
  storiesOf(username: string, asker?: string): Promise<SourceResult<SourceStoryUser> | { kind: 'unsupported' }>;
  /** A public post or reel by its short code, and its author (the downloader's link mode). */
  post(shortCode: string): Promise<SourceResult<{ post: SourcePost; username: string }> | { kind: 'unsupported' }>;
}
