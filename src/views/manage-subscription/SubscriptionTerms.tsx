// What Manage subscription says of the money (issue 34): the plan in the reader's language, the trial's
// end (or, while it waits for the first figures, the latest its days start) and the next charge's date
// and amount. It said only "Status: Active, Plan: Followscope Premium".
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { PlanDetailsRow } from '../../db/schema.ts';
import { dateTimeFormat } from '../../i18n/formats.ts';
import { planName, trialName } from '../../payments/plan-names.ts';
import { formatMoney } from '../../payments/pricing.ts';

/** The plan's name in the reader's language; the plan table's name for a row from before issue 34. */
export function usePlanLabel(details: PlanDetailsRow | null | undefined): string | null {
  const { i18n } = useLingui();
  const kind = details?.plan;
  if (!details || !kind) return details?.name ?? null;
  const name = planName({ code: kind.code, interval_length: kind.interval_length, name: details.name }, i18n);
  return kind.trial_days > 0 ? `${trialName(kind.trial_days, i18n)} · ${name}` : name;
}

export function SubscriptionTerms({ details }: { details: PlanDetailsRow }) {
  const { i18n } = useLingui();
  const date = (iso: string) => dateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(iso));
  const days = details.plan?.trial_days ?? 0;
  const startsBy = details.trialWaitsUntil ? date(details.trialWaitsUntil) : undefined;
  const trialEnd = details.trialEndsAt ? date(details.trialEndsAt) : undefined;
  const next =
    details.nextChargeAt && details.nextAmount != null
      ? {
          amount: formatMoney(details.nextAmount, details.currency ?? 'USD', i18n.locale),
          on: date(details.nextChargeAt),
        }
      : undefined;
  const amount = next?.amount;
  const on = next?.on;
  return (
    <>
      {startsBy && (
        <p data-testid="trial">
          <Trans>
            Your {days}-day trial starts when your first figures arrive, by {startsBy} at the latest.
          </Trans>
        </p>
      )}
      {trialEnd && !startsBy && (
        <p data-testid="trial">
          <Trans>
            Trial ends: <strong>{trialEnd}</strong>
          </Trans>
        </p>
      )}
      {next && (
        <p data-testid="next-charge">
          {startsBy ? (
            <Trans>
              Next charge: <strong>{amount}</strong> when the trial ends, by {on} at the latest
            </Trans>
          ) : (
            <Trans>
              Next charge: <strong>{amount}</strong> on {on}
            </Trans>
          )}
        </p>
      )}
    </>
  );
}
