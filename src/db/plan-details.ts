// The subscription as Manage subscription shows it, cached so the screen opens offline (issue 8); a
// refresh, a cancel or a keep writes here and the screen follows.
import type { PlanDetails } from '../../common/schema/billing.ts';
import { db } from './db.ts';
import { type LocalRead, useLocalRead } from './local-read.ts';
import type { PlanDetailsRow } from './schema.ts';

/** The cached subscription (null when none is stored). */
export const planDetailsRead: LocalRead<PlanDetailsRow | null> = {
  key: 'planDetails',
  read: async () => (await db.planDetails.get('current')) ?? null,
};

/** The cached subscription, live: undefined while reading, null when none is stored. */
export function usePlanDetails(): PlanDetailsRow | null | undefined {
  return useLocalRead(planDetailsRead);
}

/** Whether a subscription is cached (a failed refresh then keeps it quietly). */
export async function hasPlanDetails(): Promise<boolean> {
  return (await db.planDetails.get('current')) !== undefined;
}

/** Stores the server's answer, replacing the one before. */
export async function writePlanDetails(plan: PlanDetails, now = Date.now()): Promise<void> {
  await db.planDetails.put({
    id: 'current',
    name: plan.name,
    status: plan.status,
    endsAt: plan.ends_at,
    canCancel: plan.can_cancel,
    plan: plan.plan,
    trialEndsAt: plan.trial_ends_at,
    trialWaitsUntil: plan.trial_waits_until,
    nextChargeAt: plan.next_charge_at,
    nextAmount: plan.next_amount,
    currency: plan.currency,
    updatedAt: now,
  });
}
