// The server's tables (Drizzle). Changing this file means `npm run db:generate` for a new migration.
import { integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';

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
