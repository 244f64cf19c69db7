// The server's tables (Drizzle). Changing this file means `npm run db:generate` for a new migration.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
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
    newFollowers: integer('new_followers').notNull().default(0),
    followersLost: integer('followers_lost').notNull().default(0),
    notFollowsBack: integer('not_follows_back').notNull().default(0),
    dontFollowBack: integer('dont_follow_back').notNull().default(0),
    profileViewsCount: integer('profile_views_count').notNull().default(0),
    mutualFollowers: integer('mutual_followers').notNull().default(0),
    postCount: integer('post_count').notNull().default(0),
    reelCount: integer('reel_count').notNull().default(0),
    storiesCount: integer('stories_count').notNull().default(0),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }),
    latestPostDateTime: timestamp('latest_post_date_time', { withTimezone: true }),
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
  },
  (table) => [index('login_codes_email_idx').on(table.email, table.createdAt)],
);

/** Every wrong code, per email: the daily lock counts these. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
  },
  (table) => [index('login_failures_email_idx').on(table.email, table.at)],
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
    /** After a failure, the mail waits until then (exponential backoff). */
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
