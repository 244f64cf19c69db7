// The subscription on Manage subscription (spec §2, issue 20): its status and plan, Cancel in one click
// while it renews, "Active until DATE" and Keep my subscription once cancelled, and the support way.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { UserRecord } from '../../../common/schema/user.ts';
import { supportEmail } from '../../app/config.ts';
import { accountSources } from '../../app/sources/account.ts';
import type { PlanDetailsRow } from '../../db/schema.ts';
import { useUserRecord } from '../../db/user.ts';
import { dateTimeFormat } from '../../i18n/formats.ts';
import { cancelRenewal, keepRenewal } from './actions.ts';
import { CancelExplained, type PendingShape, SubscriptionPending } from './SubscriptionPending.tsx';
import { SubscriptionTerms, usePlanLabel } from './SubscriptionTerms.tsx';

/** What the details will most likely show, from the stored user record (see SubscriptionPending). */
function pendingShape(user: UserRecord | undefined): PendingShape {
  if (!user) return 'plan';
  if (accountSources(user).demo) return 'status';
  return user.is_subscribed ? 'renewing' : 'plan';
}

export function SubscriptionCard({
  details,
  missing,
}: {
  details: PlanDetailsRow | null | undefined;
  missing: boolean;
}) {
  const user = useUserRecord();
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const active = details?.status === 'active';
  const planLabel = usePlanLabel(details);
  // The date in the reader's language and time zone; the mail states the instant in UTC.
  const endDate =
    active && details?.endsAt
      ? dateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(details.endsAt))
      : undefined;
  return (
    <div className="card subscription">
      {details ? (
        <>
          <p>
            <Trans>Status:</Trans>{' '}
            <strong className={`subscription__status subscription__status--${details.status}`}>
              {endDate ? (
                <Trans>Active until {endDate}</Trans>
              ) : active ? (
                <Trans>Active</Trans>
              ) : (
                <Trans>Inactive</Trans>
              )}
            </strong>
          </p>
          {planLabel && (
            <p>
              <Trans>Plan:</Trans> <strong>{planLabel}</strong>
            </p>
          )}
          {active && <SubscriptionTerms details={details} />}
          {endDate && (
            <div className="subscription__change">
              <p>
                <Trans>
                  Your subscription will not renew. Until that date you keep everything, and you can change your mind.
                </Trans>
              </p>
              <button type="button" className="button" disabled={busy} onClick={run(keepRenewal)}>
                <Trans>Keep my subscription</Trans>
              </button>
            </div>
          )}
          {!endDate && active && details.canCancel && (
            <div className="subscription__change">
              <CancelExplained />
              <button type="button" className="button button--ghost" disabled={busy} onClick={run(cancelRenewal)}>
                <Trans>Cancel subscription</Trans>
              </button>
            </div>
          )}
        </>
      ) : (
        <SubscriptionPending missing={missing} shape={pendingShape(user)} />
      )}
      <p className="form__hint">
        <Trans>
          You can also cancel by writing to{' '}
          <a href={`mailto:${supportEmail}?subject=Cancel%20my%20subscription`}>{supportEmail}</a>. We answer within a
          day.
        </Trans>
      </p>
    </div>
  );
}
