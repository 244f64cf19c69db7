// The sample network: a deterministic, seeded simulation of accounts, the embedded default source for
// demos and tests. Its figures are invented, so it answers only its own names, never a real username
// (docs/sources.md "Sources"). Each account has a pool of candidate followers; whether a candidate
// follows at a given hour is a hash of (account, candidate, window), and each candidate's window has its
// own length, so people follow and unfollow as time passes on the injected clock. Its names:
//   followscope.demo     about 1,200 followers and 300 following, a few changes an hour
//   followscope.expired  the lapsed demo account's username (a medium account)
//   private.<anything>   a private account          nobody, ghost.<anything>  no such account
//   size.<F>[.<G>]       about F followers (and G following), up to 5,000,000
//   <anything>.sample    the reserved form for any other test account: a medium account derived from the name
// Any other username is not on the sample network: every call about it answers `unsupported`.
import type { Clock } from '../clock.ts';
import type {
  IdPage,
  ProfileSummary,
  SourceConnector,
  SourceProfile,
  SourceResult,
  SourceStoryUser,
} from './connector.ts';
import { hash3, hashString, mix64 } from './hash.ts';
import { publicPost, type SamplePost, sampleComments, samplePosts } from './sample-posts.ts';
import { SAMPLE_MEDIA_HOST, StoryViewers, sampleMediaUrl, storiesOf } from './sample-stories.ts';

export { SAMPLE_MEDIA_HOST };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const INVALID_ACCOUNT_ID = '0000000000';
export const MAX_FOLLOWERS = 5_000_000;

export interface AccountModel {
  username: string;
  seed: number;
  exists: boolean;
  isPrivate: boolean;
  followerPool: number;
  followingPool: number;
  /** Candidates at the end of the follower pool that are also following candidates (mutuals). */
  shared: number;
  /** Share of candidates following at any time, in thousandths. */
  ratio: number;
  /** How many hours a candidate keeps a state, at least and at most. */
  churn: [number, number];
}

/** True when `username` names an account of the sample network (the names above); no real account is one. */
export function isSampleAccount(username: string): boolean {
  const name = username.toLowerCase();
  return (
    name === 'followscope.demo' ||
    name === 'followscope.expired' ||
    name === 'nobody' ||
    /^(?:private|ghost)\.[a-z0-9._]+$/.test(name) ||
    /^size\.\d+(?:\.\d+)?$/.test(name) ||
    /^[a-z0-9._]+\.sample$/.test(name)
  );
}

/** The model behind one of the sample network's usernames (isSampleAccount). */
export function accountModel(username: string): AccountModel {
  const name = username.toLowerCase();
  const seed = hashString(name);
  const base = {
    username: name,
    seed,
    exists: true,
    isPrivate: false,
    shared: 0,
    ratio: 770,
    churn: [6, 200] as [number, number],
  };
  if (name === 'nobody' || name.startsWith('ghost.'))
    return { ...base, exists: false, followerPool: 0, followingPool: 0 };
  const size = /^size\.(\d+)(?:\.(\d+))?$/.exec(name);
  if (size) {
    const followers = Math.min(Number(size[1]), MAX_FOLLOWERS);
    const following = Math.min(Number(size[2] ?? Math.min(followers, 7_500)), MAX_FOLLOWERS);
    const ratio = 900;
    return {
      ...base,
      ratio,
      churn: [48, 2_000],
      followerPool: Math.ceil((followers * 1000) / ratio),
      followingPool: Math.ceil((following * 1000) / ratio),
      shared: Math.floor(Math.min(followers, following) / 4),
    };
  }
  if (name === 'followscope.demo') return { ...base, followerPool: 1_560, followingPool: 400, shared: 200 };
  const followers = 150 + (seed % 2_000);
  return {
    ...base,
    isPrivate: name.startsWith('private.'),
    followerPool: Math.ceil(followers / 0.77),
    followingPool: 130 + (seed % 1_000),
    shared: Math.floor(followers / 6),
  };
}

const postCountOf = (model: AccountModel) => 12 + (model.seed % 300);
const reelCountOf = (model: AccountModel) => 3 + (model.seed % 60);

/**
 * How far into the accounts followed the stories screen looks (the demo follows 400): the stories count
 * on the dashboard and the screen's list read the same accounts (issue 34), and a size.* account of
 * millions is not walked whole for it.
 */
export const STORY_POSITIONS = 2_000;
/** How far into an account's followers and following a people's username is looked up (the downloader). */
const PEOPLE_POSITIONS = 20_000;

/** Where the stories screen stops looking in an account's following. */
const storyPositions = (model: AccountModel) => Math.min(model.followingPool, STORY_POSITIONS);

/** A candidate's 64-bit id: distinct for distinct (account, index). */
function candidateId(model: AccountModel, index: number): bigint {
  return mix64((BigInt(model.seed) << 32n) + BigInt(index));
}

/** Whether candidate `index` is in the list at `epoch` (hours); salt 1 = follows me, 2 = I follow. */
function inList(model: AccountModel, salt: number, index: number, epoch: number): boolean {
  const [shortest, longest] = model.churn;
  const length = shortest + (hash3(model.seed, index, salt * 7) % (longest - shortest + 1));
  const phase = hash3(model.seed, index, salt * 13) % length;
  const window = Math.floor((epoch + phase) / length);
  return hash3(model.seed ^ salt, index, window) % 1000 < model.ratio;
}

/** The follower pool is [0, followerPool); the following pool starts `shared` candidates before its end. */
function followingIndex(model: AccountModel, position: number): number {
  return model.followerPool - model.shared + position;
}

const firstNames = ['Ana', 'Luca', 'Mia', 'Noah', 'Lea', 'Omar', 'Sofia', 'Jonas', 'Chloé', 'Mateo', 'Yuki', 'Ines'];
const lastNames = ['Lima', 'Rossi', 'Martin', 'Müller', 'García', 'Dubois', 'Silva', 'Costa', 'Novak', 'Berg'];

/** What a list shows of a candidate; derivable from the id alone. */
export function summaryOf(id: string): ProfileSummary {
  const value = BigInt(id);
  const h = Number(value % 1_000_003n);
  return {
    id,
    username: `user_${value.toString(36).slice(-9)}`,
    fullName: `${firstNames[h % firstNames.length]} ${lastNames[Math.floor(h / 12) % lastNames.length]}`,
    imageUrl: sampleMediaUrl(`avatars/${id}.svg`),
  };
}

export interface SampleOptions {
  clock: Clock;
  /** Pages per second before it answers "slow down" (HTTP 429 with Retry-After). */
  pagesPerSecond?: number;
  latencyMs?: number;
  /** Share of calls that fail (0 to 1), to exercise retries. */
  failureRate?: number;
  pageSize?: number;
  random?: () => number;
}

export interface SampleNetwork extends SourceConnector {
  /**
   * What a logged-in viewer's app sends when it shows a story item: the network then lists the
   * viewer. Followscope never calls it (anonymous watching); tests use it to prove the record works.
   */
  markStorySeen(itemId: string, viewerUsername: string): void;
  /** Who marked which item seen, for every item (tests). */
  storyViewers(): Record<string, string[]>;
  /** The posts with what only the simulation knows: each post's main comment language (tests). */
  samplePosts(username: string): SamplePost[];
  /** Who followed and who unfollowed between two times, as the network knows it (tests). */
  groundTruth(username: string, from: Date, to: Date): { followed: string[]; unfollowed: string[] };
}

export function sampleNetwork(options: SampleOptions): SampleNetwork {
  const { clock, pageSize = 500, latencyMs = 0, failureRate = 0, random = Math.random } = options;
  const rate = options.pagesPerSecond ?? 200;
  const byId = new Map<string, AccountModel>();
  let tokens = rate;
  let refilledAt = performance.now();

  /** Latency, failures and the rate limit, as a real service has them. */
  async function gate(): Promise<SourceResult<never> | undefined> {
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const now = performance.now();
    tokens = Math.min(rate, tokens + ((now - refilledAt) / 1000) * rate);
    refilledAt = now;
    if (tokens < 1) return { kind: 'rateLimited', retryAfterMs: Math.ceil(((1 - tokens) / rate) * 1000) };
    tokens -= 1;
    if (failureRate && random() < failureRate) return { kind: 'failed', message: 'sample network: injected failure' };
    return undefined;
  }

  const epoch = () => Math.floor(clock().getTime() / HOUR);
  const accountId = (model: AccountModel) =>
    model.exists ? mix64(BigInt(model.seed) * 0x9e37n + 7n).toString() : INVALID_ACCOUNT_ID;

  function page(model: AccountModel | undefined, salt: 1 | 2, cursor: string | null): SourceResult<IdPage> {
    if (!model) return { kind: 'failed', message: 'sample network: unknown account; look it up first' };
    const pool = salt === 1 ? model.followerPool : model.followingPool;
    const at = epoch();
    const ids: bigint[] = [];
    let position = cursor ? Number(cursor) : 0;
    for (; position < pool && ids.length < pageSize; position++) {
      const index = salt === 1 ? position : followingIndex(model, position);
      if (inList(model, salt, index, at)) ids.push(candidateId(model, index));
    }
    return { kind: 'ok', value: { ids: BigUint64Array.from(ids), next: position < pool ? String(position) : null } };
  }

  function count(model: AccountModel, salt: 1 | 2, at: number): number {
    const pool = salt === 1 ? model.followerPool : model.followingPool;
    let total = 0;
    for (let position = 0; position < pool; position++) {
      if (inList(model, salt, salt === 1 ? position : followingIndex(model, position), at)) total++;
    }
    return total;
  }

  // Short codes seen in listings, so a pasted link finds its post and author (the downloader).
  const authors = new Map<string, string>();
  const postsOf = (model: AccountModel) => {
    const posts = samplePosts(model, postCountOf(model), reelCountOf(model), clock().getTime());
    for (const post of posts) authors.set(post.shortCode, model.username);
    return posts;
  };
  const viewers = new StoryViewers();

  /** An account's story card with the stories it has up now (maybe none). */
  function storyUser(id: string, username?: string, items = storiesOf({ id }, clock().getTime())): SourceStoryUser {
    const summary = summaryOf(id);
    return {
      id,
      username: username ?? summary.username,
      name: summary.fullName,
      profileImage: summary.imageUrl,
      thumbnailImage: items[0]?.thumbnailUrl ?? '',
      items,
    };
  }

  /** How many of the accounts followed (as far as the stories screen looks) have stories up now. */
  function storyAccountCount(model: AccountModel, at: number): number {
    const now = clock().getTime();
    let total = 0;
    for (let position = 0; position < storyPositions(model); position++) {
      const index = followingIndex(model, position);
      if (inList(model, 2, index, at) && storiesOf({ id: candidateId(model, index).toString() }, now).length) total++;
    }
    return total;
  }

  /** The id of the person of `model`'s followers or following whose username this is, if any. */
  function personNamed(model: AccountModel, username: string): string | undefined {
    const name = username.toLowerCase();
    if (!/^user_[a-z0-9]{1,9}$/.test(name)) return undefined;
    // Candidates are the follower pool, then the following pool from `shared` before its end.
    const end = Math.min(model.followerPool - model.shared + model.followingPool, PEOPLE_POSITIONS);
    for (let index = 0; index < end; index++) {
      const id = candidateId(model, index).toString();
      if (summaryOf(id).username === name) return id;
    }
    return undefined;
  }

  return {
    samplePosts: (username) => postsOf(accountModel(username)),
    markStorySeen: (itemId, viewer) => viewers.markSeen(itemId, viewer),
    storyViewers: () => viewers.all(),
    async stories(username, cursor, size) {
      if (!isSampleAccount(username)) return { kind: 'unsupported' };
      const refused = await gate();
      if (refused) return refused;
      const model = accountModel(username);
      if (!model.exists) return { kind: 'notFound' };
      const at = epoch();
      const end = storyPositions(model);
      const users: SourceStoryUser[] = [];
      let position = cursor ? Number(cursor) : 0;
      for (; position < end && users.length < size; position++) {
        const index = followingIndex(model, position);
        if (!inList(model, 2, index, at)) continue;
        const user = storyUser(candidateId(model, index).toString());
        if (user.items.length) users.push(user);
      }
      return { kind: 'ok', value: { users, next: position < end ? String(position) : null } };
    },
    async storiesOf(username, asker) {
      const refused = await gate();
      if (refused) return refused;
      if (!isSampleAccount(username)) {
        // One of the sample network's own people, as the asking demo account's screens showed them.
        const id = asker && isSampleAccount(asker) ? personNamed(accountModel(asker), username) : undefined;
        return id ? { kind: 'ok', value: storyUser(id) } : { kind: 'unsupported' };
      }
      const model = accountModel(username);
      if (!model.exists) return { kind: 'notFound' };
      // A private account's stories are not shown to strangers.
      return { kind: 'ok', value: storyUser(accountId(model), model.username, model.isPrivate ? [] : undefined) };
    },
    async post(shortCode) {
      const refused = await gate();
      if (refused) return refused;
      const username = authors.get(shortCode);
      const post = username ? postsOf(accountModel(username)).find((p) => p.shortCode === shortCode) : undefined;
      if (!username || !post) return { kind: 'notFound' };
      return { kind: 'ok', value: { post: publicPost(post), username } };
    },
    async posts(username) {
      if (!isSampleAccount(username)) return { kind: 'unsupported' };
      const refused = await gate();
      if (refused) return refused;
      const model = accountModel(username);
      if (!model.exists) return { kind: 'notFound' };
      if (model.isPrivate) return { kind: 'ok', value: [] };
      return { kind: 'ok', value: postsOf(model).map(publicPost) };
    },
    async comments(username, shortCode) {
      if (!isSampleAccount(username)) return { kind: 'unsupported' };
      const refused = await gate();
      if (refused) return refused;
      const model = accountModel(username);
      const post = model.exists && !model.isPrivate ? postsOf(model).find((p) => p.shortCode === shortCode) : undefined;
      return post ? { kind: 'ok', value: sampleComments(model, post) } : { kind: 'notFound' };
    },
    async lookup(username) {
      if (!isSampleAccount(username)) return { kind: 'unsupported' };
      const refused = await gate();
      if (refused) return refused;
      const model = accountModel(username);
      if (!model.exists) return { kind: 'notFound' };
      const id = accountId(model);
      byId.set(id, model);
      const at = epoch();
      const profile: SourceProfile = {
        ...summaryOf(id),
        // The demo account keeps a name a newcomer recognises in the header.
        ...(model.username === 'followscope.demo' ? { fullName: 'Followscope Demo' } : {}),
        username: model.username,
        isPrivate: model.isPrivate,
        followerCount: count(model, 1, at),
        followingCount: count(model, 2, at),
        postCount: postCountOf(model),
        reelCount: reelCountOf(model),
        // The accounts the stories screen lists (issue 34: one figure, one definition).
        storiesCount: storyAccountCount(model, at),
      };
      return { kind: 'ok', value: profile };
    },
    async followers(id, cursor) {
      return (await gate()) ?? page(byId.get(id), 1, cursor);
    },
    async following(id, cursor) {
      return (await gate()) ?? page(byId.get(id), 2, cursor);
    },
    async profileViewers(id) {
      const refused = await gate();
      if (refused) return refused;
      const model = byId.get(id);
      if (!model) return { kind: 'failed', message: 'sample network: unknown account; look it up first' };
      // A handful of viewers a day, mostly followers, some strangers.
      const day = Math.floor(clock().getTime() / DAY);
      const viewers = new Set<string>();
      const total = 5 + (hash3(model.seed, day, 11) % 26);
      for (let k = 0; k < total; k++) {
        viewers.add(candidateId(model, hash3(model.seed, day, 100 + k) % (model.followerPool + 500)).toString());
      }
      return { kind: 'ok', value: [...viewers] };
    },
    async profiles(ids) {
      return ids.map(summaryOf);
    },
    groundTruth(username, from, to) {
      const model = accountModel(username);
      const [before, after] = [Math.floor(from.getTime() / HOUR), Math.floor(to.getTime() / HOUR)];
      const followed: string[] = [];
      const unfollowed: string[] = [];
      for (let index = 0; index < model.followerPool; index++) {
        const was = inList(model, 1, index, before);
        const is = inList(model, 1, index, after);
        if (is && !was) followed.push(candidateId(model, index).toString());
        if (was && !is) unfollowed.push(candidateId(model, index).toString());
      }
      return { followed, unfollowed };
    },
  };
}
