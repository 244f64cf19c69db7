// The server's tables (Drizzle). Changing this file means `npm run db:generate` for a new migration.
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Plans on offer (spec §3 Plan). Money is kept in cents; the API speaks decimal amounts. */
export const plans = pgTable('plans', {
  planId: text('plan_id').primaryKey(),
  name: text('name').notNull(),
  planType: smallint('plan_type').notNull(),
  code: text('code').notNull(),
  intervalLength: integer('interval_length').notNull(),
  unitAmountCents: integer('unit_amount_cents').notNull(),
  unitAmountBeforeDiscountCents: integer('unit_amount_before_discount_cents').notNull(),
  currency: text('currency').notNull(),
  setupFeeCents: integer('setup_fee_cents').notNull(),
  metaInfo: jsonb('meta_info').$type<Record<string, unknown>>().notNull().default({}),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Accounts (spec §3 User record). Counts are the latest analysis; ids of the network are strings. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    instaId: text('insta_id').notNull().default(''),
    instaFullName: text('insta_full_name').notNull().default(''),
    instaImageUrl: text('insta_image_url').notNull().default(''),
    isSubscribed: boolean('is_subscribed').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    isInsight: boolean('is_insight').notNull().default(false),
    chatGptData: jsonb('chat_gpt_data'),
    totalFollowers: integer('total_followers').notNull().default(0),
    totalFollowing: integer('total_following').notNull().default(0),
    /**
     * spec §3's counts. Null where the source gave none (issue 49: the official API's follows under 100
     * followers, its profile visits it no longer reports): shown as unavailable, never a 0.
     */
    newFollowers: integer('new_followers').default(0),
    followersLost: integer('followers_lost').default(0),
    notFollowsBack: integer('not_follows_back').notNull().default(0),
    doNotFollowsBack: integer('dont_follow_back').notNull().default(0),
    profileViewsCount: integer('profile_views_count').default(0),
    mutualFollowers: integer('mutual_followers').notNull().default(0),
    /** Null where the source gave none (issue 51: a download asked for without its posts), never a 0. */
    postCount: integer('post_count').default(0),
    reelCount: integer('reel_count').default(0),
    storiesCount: integer('stories_count').notNull().default(0),
    /**
     * Issue 50 item 5: the newest imported download's pending follow requests and recently unfollowed
     * profiles; null when it has no such list (or the account no download): unknown, never a 0.
     */
    pendingFollowRequests: integer('pending_follow_requests'),
    recentlyUnfollowedProfiles: integer('recently_unfollowed_profiles'),
    /**
     * Issue 50 item 4: the download (its digest) whose sharp drop the owner answered "keep the previous
     * import": the same download again keeps it without asking; any other download asks afresh.
     */
    keptDownloadDigest: text('kept_download_digest'),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }),
    /**
     * Where the account's figures came from (docs/sources.md): 'sample' (the sample network, a demo),
     * 'download' (the owner's data download), 'official' (the official API, issue 18) or 'none' before any.
     */
    dataSource: text('data_source').notNull().default('none'),
    /** When the figures were true: the analysis's time, or when the network wrote the download. */
    dataTakenAt: timestamp('data_taken_at', { withTimezone: true }),
    /** When the network wrote the newest download imported (the account has the download source). */
    downloadTakenAt: timestamp('download_taken_at', { withTimezone: true }),
    latestPostDateTime: timestamp('latest_post_date_time', { withTimezone: true }),
    /**
     * The account's connection to the network's official API (issue 18): 'none', 'active', or why it
     * stopped ('expired': the token ran out; 'revoked': the owner took access back; 'login_required': the
     * owner must log in to the network to clear a checkpoint, issue 49; 'deauthorized': the owner removed
     * the app on the network, whose callback deleted the token and the official data at once). The token is
     * in official_tokens; what it collected stays when it stops, except after 'deauthorized'.
     */
    officialStatus: text('official_status').notNull().default('none'),
    /** The professional account the owner consented with (its Instagram user id and username). */
    officialAccountId: text('official_account_id'),
    /** The app-scoped id the platform names the owner by in its signed requests (deauthorize, deletion). */
    officialAppUserId: text('official_app_user_id'),
    officialUsername: text('official_username'),
    officialConnectedAt: timestamp('official_connected_at', { withTimezone: true }),
    /** When the official API's figures were last collected (null before the first collection). */
    officialCollectedAt: timestamp('official_collected_at', { withTimezone: true }),
    /**
     * The official API's follows, unfollows and profile visits over the last 7 and 30 days it has
     * reported, and why any is missing (issue 36; common/schema/user.ts officialCountsSchema).
     */
    officialCounts: jsonb('official_counts'),
    /**
     * When a cancelled subscription's access ends (issue 20); null while it renews. It comes with the
     * user on every authenticated request, so access ends on time with no extra query.
     */
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_idx').on(table.email)],
);

/** One-time login codes, stored hashed (HMAC). An unknown email gets a row too, so both cost the same. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    /**
     * Issue 48: who asked for it (`d:` and the device key's hash, or `ip:` and the address; empty for a
     * code the server sent of its own, after a payment). A check compares only the asker's own codes.
     */
    requester: text('requester').notNull().default(''),
    /** Asked for from a device the account has logged in on before. */
    trusted: boolean('trusted').notNull().default(false),
    /** The SHA-256 of the code's one-time sign-in link, when its mail carried one (issue 48). */
    linkHash: text('link_hash'),
  },
  (table) => [
    index('login_codes_email_idx').on(table.email, table.createdAt),
    uniqueIndex('login_codes_link_idx').on(table.linkHash),
  ],
);

/** Every wrong code, per email: the daily locks count these, per asker and for the email. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
    /** Issue 48: the device key's hash, when the guess came with one. */
    deviceHash: text('device_hash'),
    /** From a device the account has logged in on before: counted for that device alone. */
    trusted: boolean('trusted').notNull().default(false),
  },
  (table) => [index('login_failures_email_idx').on(table.email, table.at)],
);

/**
 * Devices an account has logged in on (issue 48): the SHA-256 of the device key the server gave the
 * browser in an HttpOnly cookie. A stranger's wrong codes lock out unknown devices, never these.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);

/** Login tokens, stored as SHA-256 hashes; revoked on logout. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Support messages (spec §2 Contact us), kept and mailed to the support address. */
export const supportQueries = pgTable('support_queries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  query: text('query').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Mail to send. With SMTP it is a queue; without, it is the dev outbox (GET /dev/mail). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before then: after a failure (exponential backoff), or while a sender holds it (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_to_idx').on(table.toAddress, table.createdAt),
    index('mail_outbox_sent_idx').on(table.sentAt),
  ],
);

/** Server-wide values every process shares, such as the key that hashes login codes. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A user's subscriptions; the newest decides the plan shown on /managesubscription. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planCode: text('plan_code').notNull(),
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference').notNull(),
    /** 'active' (renews), 'canceled' (runs to ends_at, then expires) or 'expired' (issue 20). */
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The end of the period paid for, as the gateway last said (known once it was asked). */
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
    /** When the owner cancelled it; null while it renews. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When a cancelled subscription ends: the end of the period paid for. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /**
     * A trial's end, the first renewal (issue 34); null for a plan without a trial. While the trial waits
     * for the account's first figures it is the latest end the trial can have.
     */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** When the trial's days began counting: the first figures, or the wait's end; null while it waits. */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    /** The language the subscriber paid in: receipts for later renewals are written in it. */
    locale: text('locale').notNull().default('en'),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId, table.createdAt)],
);

/**
 * One checkout, keyed by the client's idempotency key so a retried or double-clicked submit is the
 * same payment. It is written before the gateway is called, so a charge is never lost.
 */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** 'register' or 'renew' (a checkout), or 'renewal' (the gateway renewed the subscription; issue 34). */
  kind: text('kind').notNull(),
  email: text('email').notNull(),
  username: text('username').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  planCode: text('plan_code').notNull(),
  userId: uuid('user_id'),
  paymentToken: text('payment_token').notNull(),
  status: text('status').notNull(),
  actionTokenId: text('action_token_id'),
  /** The 3-D Secure result the last gateway call carried, so a resumed payment asks the same question. */
  threeDsResultToken: text('three_ds_result_token'),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** What the checkout charges today, in the plan's currency (null on payments made before issue 20). */
  amountCents: integer('amount_cents'),
  currency: text('currency'),
  /** How it was paid (issue 34): 'card', 'apple_pay' or 'paypal'; a receipt names it. */
  method: text('method').notNull().default('card'),
  /**
   * Issue 48: a register whose request made the account (none had the email). Declined, that account is
   * removed again, so a later register makes its own; an account that existed before is never changed.
   */
  createdAccount: boolean('created_account').notNull().default(false),
  /**
   * When the account was deleted (issue 20): the law keeps the payment's record (date, amount, plan),
   * but its name, email, username, tokens and answer are blanked and it no longer names a user.
   */
  detachedAt: timestamp('detached_at', { withTimezone: true }),
});

/** Payment attempts per IP (spec §9: at most 5 in 10 minutes). */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payment_attempts_ip_idx').on(table.ip, table.at)],
);

/** Per-key request counters for @fastify/rate-limit, shared by every API process. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** Solved human-check challenges, so one solution is accepted once by any API process. */
export const captchaReplays = pgTable('captcha_replays', {
  challenge: text('challenge').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A passed human check: a one-time pass the next payment must present. */
export const captchaPasses = pgTable('captcha_passes', {
  passHash: text('pass_hash').primaryKey(),
  ip: text('ip').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Sandbox gateway: card tokens (never the card number, only what the test card means). */
export const sandboxTokens = pgTable('sandbox_tokens', {
  id: text('id').primaryKey(),
  scenario: text('scenario').notNull(),
  last4: text('last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Sandbox gateway: what each idempotency key was answered, so a retry gets the same answer. */
export const sandboxCharges = pgTable('sandbox_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  outcome: jsonb('outcome').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Sandbox gateway: 3-D Secure challenges and their results. */
export const sandboxThreeDs = pgTable('sandbox_three_ds', {
  actionTokenId: text('action_token_id').primaryKey(),
  tokenId: text('token_id').notNull(),
  resultTokenId: text('result_token_id').unique(),
  status: text('status').notNull(),
});

/** Sandbox gateway: its subscriptions, so it can tell a period's end and cancel, reactivate or end one. */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  reference: text('reference').primaryKey(),
  planCode: text('plan_code').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** 'active', 'canceled' or 'expired', as Recurly names them. */
  state: text('state').notNull(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /**
   * The bill date its periods count from, once set by the purchase's trial end or by a postponement (as
   * Recurly's next_bill_date); null, they count from the plan's own trial (issue 34).
   */
  billingAnchorAt: timestamp('billing_anchor_at', { withTimezone: true }),
});

/** Binary columns: packed id arrays (PGlite gives Uint8Array, pg gives Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** One analysis of an account: its cursors are checkpoints, so a restart resumes instead of restarting. */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    accountId: text('account_id').notNull().default(''),
    status: text('status').notNull(),
    followersCursor: text('followers_cursor'),
    followingCursor: text('following_cursor'),
    /** An official-API collection's checkpoint: the next page of the account's media. */
    mediaCursor: text('media_cursor'),
    followersDone: boolean('followers_done').notNull().default(false),
    followingDone: boolean('following_done').notNull().default(false),
    followersCollected: integer('followers_collected').notNull().default(0),
    followingCollected: integer('following_collected').notNull().default(0),
    error: text('error'),
    /** 'sample' (the sample network), 'download' (the owner's data download, issue 9) or 'official' (issue 18). */
    source: text('source').notNull().default('sample'),
    /** An import's SHA-256 of its snapshot chunks: the same download twice is one import. */
    digest: text('digest'),
    /** An import's declared shape (counts, chunks, follow-time range), checked at commit. */
    importMeta: jsonb('import_meta'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The job worker running it now; its lease runs out unless renewed (on the database's clock). */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** How many times a worker took it up: 1, or more after a worker died or stopped mid-job. */
    runs: integer('runs').notNull().default(0),
    /** Requests waiting for it, across API processes; the last to leave cancels it. */
    waiters: integer('waiters').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /**
     * Issue 54: a request that answered "still running" (none is held longer than a proxy allows) counts
     * as coming back until then; nobody back by this time, and nobody waiting, the analysis is cancelled.
     */
    returnBy: timestamp('return_by', { withTimezone: true }),
  },
  (table) => [
    index('analyses_user_idx').on(table.userId, table.startedAt),
    // Never two running analyses for one account.
    uniqueIndex('analyses_one_running_idx').on(table.userId).where(sql`status = 'running'`),
  ],
);

/** Pages collected so far by a running analysis, packed; deleted once its snapshot is committed. */
export const analysisChunks = pgTable(
  'analysis_chunks',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    seq: integer('seq').notNull(),
    ids: bytea('ids').notNull(),
  },
  (table) => [primaryKey({ columns: [table.analysisId, table.list, table.seq] })],
);

/**
 * A committed analysis's long arrays in parts of a fixed number of values (issue 19), each deflated:
 * the snapshot's followers and following (and an import's follow times), and the six lists. No statement
 * carries more than one part, so a million ids never pass through the database as one value, and a page
 * of a list reads the one part it falls in. Rows written before these parts keep their arrays whole in
 * `snapshots` and `analysis_lists` (their parts absent), and are read from there.
 */
export const analysisParts = pgTable(
  'analysis_parts',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    /** 'followers', 'following', 'followersAt', 'followingAt', or 'list:<list name>'. */
    name: text('name').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.analysisId, table.name, table.seq] })],
);

/** A complete follower and following list at one time: one packed, sorted, compressed array each. */
export const snapshots = pgTable(
  'snapshots',
  {
    analysisId: uuid('analysis_id')
      .primaryKey()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    followers: bytea('followers').notNull(),
    following: bytea('following').notNull(),
    followersCount: integer('followers_count').notNull(),
    followingCount: integer('following_count').notNull(),
    /** Imports only: each follower's follow time (u32 Unix seconds, 0 unknown), aligned with `followers`. */
    followersAt: bytea('followers_at'),
    followingAt: bytea('following_at'),
  },
  (table) => [index('snapshots_user_idx').on(table.userId, table.takenAt)],
);

/**
 * An import's uploaded chunks as received (gzip, common/snapshot/snapshot.ts), kept after the commit:
 * they are the snapshot's names, which lists read back a page at a time by id range.
 */
export const importChunks = pgTable(
  'import_chunks',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    count: integer('count').notNull(),
    /** The chunk's first and last id (decimal), so a lookup opens only the chunk holding an id. */
    firstId: text('first_id').notNull(),
    lastId: text('last_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.analysisId, table.list, table.seq] })],
);

/** Who came and who left, dated: the history behind "new" and "lost" followers. */
export const followEvents = pgTable(
  'follow_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    instaId: text('insta_id').notNull(),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('follow_events_user_idx').on(table.userId, table.at)],
);

/**
 * Issue 50: a follower who changed username between two imports (server/analysis/renames.ts): counted
 * neither lost nor new, and shown as "@from is now @to" on the new and lost followers screens.
 */
export const followerRenames = pgTable(
  'follower_renames',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromName: text('from_name').notNull(),
    toName: text('to_name').notNull(),
    /** The follow time both names share. */
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.analysisId, table.fromName] })],
);

/** A connected account's official-API token, sealed with OFFICIAL_TOKEN_KEY (AES-256-GCM), never stored plain. */
export const officialTokens = pgTable('official_tokens', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealed: text('sealed').notNull(),
  /** When the long-lived token was issued or last refreshed: the platform refreshes one at least a day old. */
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  scopes: text('scopes').notNull(),
});

/**
 * A data-deletion request the platform sent for an owner (issue 49): its confirmation code is the key of
 * the status page the platform shows them. The official data is deleted when the request comes.
 */
export const officialDeletions = pgTable('official_deletions', {
  confirmationCode: text('confirmation_code').primaryKey(),
  /** The app-scoped id the signed request named. */
  appUserId: text('app_user_id').notNull(),
  /** Whether a Followscope account held official data for it. */
  found: boolean('found').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** The owner's posts and reels as the official API gave them, with their insights and comments' text. */
export const officialMedia = pgTable(
  'official_media',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    shortcode: text('shortcode').notNull(),
    /** FEED or REELS. */
    product: text('product').notNull(),
    /** IMAGE, VIDEO or CAROUSEL_ALBUM. */
    mediaType: text('media_type').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    likes: integer('likes').notNull(),
    comments: integer('comments').notNull(),
    /** Insights; null where the API gave none (too few viewers, or a permission not granted). */
    views: integer('views'),
    reach: integer('reach'),
    saved: integer('saved'),
    shares: integer('shares'),
    interactions: integer('interactions'),
    permalink: text('permalink').notNull(),
    mediaUrl: text('media_url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    children: jsonb('children').$type<{ type: 'image' | 'video'; url: string; thumbnailUrl: string }[]>().notNull(),
    /** The comments' and replies' text, for the sentiment screen; null until collected. */
    commentTexts: jsonb('comment_texts').$type<string[]>(),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.mediaId] }),
    index('official_media_taken_idx').on(table.userId, table.takenAt),
  ],
);

/**
 * One day of a connected account: the API's daily figures (follows, unfollows, profile visits, reach,
 * the follower count) and our own record of the totals when we collected that day.
 */
export const officialDays = pgTable(
  'official_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, UTC. */
    day: text('day').notNull(),
    follows: integer('follows'),
    unfollows: integer('unfollows'),
    profileViews: integer('profile_views'),
    reach: integer('reach'),
    /** Followers at the day's end: ours when we collected that day, else from the API's daily series. */
    followers: integer('followers'),
    /** Following at the day's end: only ours (the API gives no history of it). */
    following: integer('following'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** What one collection gave of the whole account: active stories with insights, online followers, demographics. */
export const officialAccount = pgTable('official_account', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The owner's stories up at the collection, with their insights; null when the API gave none. */
  stories: jsonb('stories'),
  /** Followers online per hour of the day (UTC), when the API gives it (accounts of 100 followers or more). */
  onlineFollowers: jsonb('online_followers').$type<number[] | null>(),
  collectedAt: timestamp('collected_at', { withTimezone: true }).notNull(),
});

/** The six lists an analysis shows, packed (page through them 15 at a time). */
export const analysisLists = pgTable(
  'analysis_lists',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    ids: bytea('ids').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.analysisId, table.list] })],
);

/** What lists show of an account (name, username, picture), keyed by its id. */
export const profiles = pgTable('profiles', {
  instaId: text('insta_id').primaryKey(),
  username: text('username').notNull(),
  fullName: text('full_name').notNull(),
  imageUrl: text('image_url').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Story pages as the network last gave them to a user (spec §7 getStories' callDB): a page asked
 * for with callDB is answered from here while fresh; refresh drops them.
 */
export const storyPages = pgTable(
  'story_pages',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cursor: text('cursor').notNull(),
    size: integer('size').notNull(),
    users: jsonb('users').notNull(),
    next: text('next'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.cursor, table.size] })],
);

/**
 * Story users whose stories a subscriber watched (issue 36; spec §7 list/watch/stories): the stories
 * list marks them seen. Ours alone: watching stays anonymous, so the network is never told.
 */
export const storyWatches = pgTable(
  'story_watches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The network's id of the account whose stories were shown. */
    storyUserId: text('story_user_id').notNull(),
    /** When the newest item watched was taken: an item taken later makes the account unseen again. */
    seenUntil: timestamp('seen_until', { withTimezone: true }).notNull(),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.storyUserId] })],
);

/**
 * Requests sent with an Idempotency-Key (issue 8: the app's outbox resends after a failure): the
 * first answer is kept, and a repeat of the key gets it again instead of running twice. A null
 * status means the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * A device's Web Push subscription (issue 33): where the browser's push service takes messages for it,
 * and the keys its messages are encrypted with (RFC 8291). Never sent back to any client. It goes when
 * the device turns notifications off, when the login session that made it logs out, when the push
 * service says it is gone (404, 410), and with the account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this device (an allowed push service, checked when subscribing). */
    endpoint: text('endpoint').notNull(),
    /** The device's P-256 public key and auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language the device last asked in: what its notifications are written in. */
    locale: text('locale').notNull(),
    /** SHA-256 of the login token that subscribed: logging that session out removes the subscription. */
    sessionHash: text('session_hash'),
    /** The owner asked for a weekly reminder to request a fresh data download. */
    weeklyReminder: boolean('weekly_reminder').notNull().default(false),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** What the last digest sent here announced (an analysis, or an official-API day): never twice. */
    lastDigest: text('last_digest'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/**
 * Issue 32: the one export an account may run at a time (a list's stream or the account's document),
 * shared by every API process. A row is a held slot: its holder (a random id per request) renews
 * `expires_at` as the stream goes, and deletes it when the answer ends or the client goes; a process
 * that died leaves a row any request may take once it has expired.
 */
export const exportSlots = pgTable('export_slots', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  holder: uuid('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
