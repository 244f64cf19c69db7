// Data every installation starts with. Idempotent: runs at each start and changes nothing twice.
import type { Database } from './client.ts';
import { plans, users } from './schema.ts';

type PlanSeed = typeof plans.$inferInsert;

/** The offer: one trial plan (plan_type 1) and the selectable plans (plan_type 2). */
export const seedPlans: PlanSeed[] = [
  {
    planId: 'premium-trial',
    name: 'Followscope Premium',
    planType: 1,
    code: 'monthly',
    intervalLength: 1,
    // It renews into the Monthly plan at Monthly's price (issue 34): the offer lists what a trial becomes.
    unitAmountCents: 1999,
    unitAmountBeforeDiscountCents: 5999,
    currency: 'USD',
    setupFeeCents: 299,
    metaInfo: { trial_days: 7, trial_amount_before_discount: 9.99, landing: 'default', renews_as: 'premium-monthly' },
    sortOrder: 0,
  },
  {
    // The /paymentplan_lp1 offer: $1.00 today (spec §2).
    planId: 'premium-trial-lp1',
    name: 'Followscope Premium',
    planType: 1,
    code: 'monthly',
    intervalLength: 1,
    unitAmountCents: 1999,
    unitAmountBeforeDiscountCents: 5999,
    currency: 'USD',
    setupFeeCents: 100,
    metaInfo: { trial_days: 7, trial_amount_before_discount: 9.99, landing: 'lp1', renews_as: 'premium-monthly' },
    sortOrder: 0,
  },
  {
    planId: 'premium-weekly',
    name: 'Weekly',
    planType: 2,
    code: 'weekly',
    intervalLength: 1,
    unitAmountCents: 699,
    unitAmountBeforeDiscountCents: 1399,
    currency: 'USD',
    setupFeeCents: 0,
    metaInfo: {},
    sortOrder: 1,
  },
  {
    planId: 'premium-monthly',
    name: 'Monthly',
    planType: 2,
    code: 'monthly',
    intervalLength: 1,
    unitAmountCents: 1999,
    unitAmountBeforeDiscountCents: 3999,
    currency: 'USD',
    setupFeeCents: 0,
    metaInfo: { popular: true },
    sortOrder: 2,
  },
  {
    planId: 'premium-quarterly',
    name: 'Quarterly',
    planType: 2,
    code: 'quarterly',
    intervalLength: 3,
    unitAmountCents: 4499,
    unitAmountBeforeDiscountCents: 8999,
    currency: 'USD',
    setupFeeCents: 0,
    metaInfo: {},
    sortOrder: 3,
  },
];

/** Inserts the seed rows that are not there yet. */
export async function seed(db: Database): Promise<void> {
  await db.insert(plans).values(seedPlans).onConflictDoNothing();
}

/** The demo accounts (README "The demo"): one subscribed, one whose subscription has lapsed. */
export const demoUsers: Array<typeof users.$inferInsert> = [
  {
    email: 'demo@followscope.app',
    username: 'followscope.demo',
    instaFullName: 'Demo Account',
    instaId: '17841400000000001',
    isSubscribed: true,
  },
  {
    email: 'expired@followscope.app',
    username: 'followscope.expired',
    instaFullName: 'Expired Demo',
    instaId: '17841400000000002',
    isSubscribed: false,
  },
];

/** Adds the demo accounts if they are missing; never changes them once there. */
export async function seedDemoUsers(db: Database): Promise<void> {
  await db.insert(users).values(demoUsers).onConflictDoNothing();
}
