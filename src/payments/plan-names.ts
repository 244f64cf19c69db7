// How the app names a plan and its renewal in the reader's language (issue 34): plan names were English
// in every language. The receipt mail says the same (server/mail/billing-words.ts).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** What naming a plan needs: its code and interval, and the plan table's name for a code we do not know. */
export interface NamedPlan {
  code: string;
  interval_length: number;
  name?: string | null;
}

/** A selectable plan's name: Weekly, Monthly, Quarterly, else the plan table's name. */
export function planName(plan: NamedPlan, i18n: I18n): string {
  switch (plan.code) {
    case 'weekly':
      return i18n._(msg`Weekly`);
    case 'monthly':
      return i18n._(msg`Monthly`);
    case 'quarterly':
      return i18n._(msg`Quarterly`);
    default:
      return plan.name ?? plan.code;
  }
}

/** "7-day trial". */
export function trialName(days: number, i18n: I18n): string {
  return i18n._(msg`${days}-day trial`);
}

/** A price and how often it is charged: "$19.99 a month", "$44.99 every 3 months". */
export function pricePerInterval(price: string, plan: NamedPlan, i18n: I18n): string {
  const count = Math.max(1, plan.interval_length);
  if (plan.code === 'weekly') {
    return count === 1 ? i18n._(msg`${price} a week`) : i18n._(msg`${price} every ${count} weeks`);
  }
  return count === 1 ? i18n._(msg`${price} a month`) : i18n._(msg`${price} every ${count} months`);
}
