// Receipts (issue 34): what a charge came to, in the paid answer the app shows before the code screen,
// and as a mail in the payer's language for every charge and renewal, whichever gateway took it.
import { eq } from 'drizzle-orm';
import { type Locale, locales } from '../../common/locales.ts';
import type { ChargeReceipt, PaymentMethod } from '../../common/schema/billing.ts';
import { trialDaysOf } from '../../common/trial.ts';
import type { Database } from '../db/client.ts';
import { plans } from '../db/schema.ts';
import { mailDate } from '../mail/account-templates.ts';
import { billingWords, formatAmount, type PlanWords, planName, renewalInterval } from '../mail/billing-words.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { receiptMail } from '../mail/receipt-templates.ts';

export type PlanRow = typeof plans.$inferSelect;

/** A charge as a receipt states it. Amounts are in cents; a trial's `startedAt` is null while it waits. */
export interface Charge {
  to: string;
  locale: Locale;
  plan: PlanRow;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  chargedAt: Date;
  renewal: boolean;
  trial?: { endsAt: Date; startedAt: Date | null; waitsUntil: Date };
  /** The next charge's date; undefined when nothing more will be charged. */
  nextChargeAt?: Date;
}

/** A payment method stored as text, read back (rows before issue 34 are cards). */
export const methodOf = (stored: string | null | undefined): PaymentMethod =>
  stored === 'apple_pay' || stored === 'paypal' ? stored : 'card';

/** A language stored as text, read back. */
export const storedLocale = (stored: string): Locale => locales.find((locale) => locale === stored) ?? 'en';

/** What a trial plan renews into (meta_info.renews_as), or the plan itself. */
export async function renewsInto(db: Database, plan: PlanRow): Promise<PlanRow> {
  const code = plan.metaInfo.renews_as;
  if (typeof code !== 'string') return plan;
  const [target] = await db.select().from(plans).where(eq(plans.planId, code));
  return target ?? plan;
}

const wordsOf = (plan: PlanRow, trialDays = trialDaysOf(plan.metaInfo)): PlanWords => ({
  code: plan.code,
  intervalLength: plan.intervalLength,
  trialDays,
  name: plan.name,
});

/** The charge as the paid answer carries it. */
export function chargeReceipt(charge: Charge): ChargeReceipt {
  const waiting = charge.trial && !charge.trial.startedAt;
  return {
    amount: charge.amountCents / 100,
    currency: charge.currency,
    plan_code: charge.plan.planId,
    method: charge.method,
    charged_at: charge.chargedAt.toISOString(),
    trial: charge.trial
      ? {
          days: trialDaysOf(charge.plan.metaInfo),
          ends_at: charge.trial.endsAt.toISOString(),
          waits_until: waiting ? charge.trial.waitsUntil.toISOString() : null,
        }
      : null,
    next_charge_at: charge.nextChargeAt?.toISOString() ?? null,
    next_amount: charge.nextChargeAt ? charge.plan.unitAmountCents / 100 : null,
  };
}

/** Queues the receipt mail for a charge, in the payer's language. */
export async function sendReceipt(db: Database, charge: Charge, support: string, now: Date): Promise<void> {
  const { locale, plan } = charge;
  const into = await renewsInto(db, plan);
  // A renewal of a trial plan is a period of the plan it became.
  const name = charge.renewal ? planName(wordsOf(into, 0), locale) : planName(wordsOf(plan), locale, wordsOf(into, 0));
  const days = trialDaysOf(plan.metaInfo);
  const mail = receiptMail[locale]({
    amount: formatAmount(charge.amountCents / 100, charge.currency, locale),
    method: billingWords[locale].methods[charge.method],
    date: mailDate(charge.chargedAt, locale),
    plan: name,
    renewal: charge.renewal,
    trial:
      charge.trial && !charge.renewal
        ? {
            days,
            endsAt: mailDate(charge.trial.endsAt, locale),
            waitsUntil: charge.trial.startedAt ? undefined : mailDate(charge.trial.waitsUntil, locale),
          }
        : undefined,
    next: charge.nextChargeAt
      ? {
          amount: formatAmount(plan.unitAmountCents / 100, charge.currency, locale),
          date: mailDate(charge.nextChargeAt, locale),
          every: renewalInterval(wordsOf(into), locale),
        }
      : undefined,
    support,
  });
  await enqueueMail(db, { to: charge.to, kind: 'receipt', locale, ...mail }, now);
}
