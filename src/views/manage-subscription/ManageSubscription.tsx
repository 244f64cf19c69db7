// /managesubscription (spec §2): active or inactive, the plan's name; cancelling is by email.
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { fetchPlanDetails } from '../../api/billing.ts';
import { supportEmail } from '../../app/config.ts';
import { showToast } from '../../app/toast.tsx';

type Details = { name: string | null; status: 'active' | 'inactive' };

export default function ManageSubscription() {
  const [details, setDetails] = useState<Details>();
  useEffect(() => {
    void fetchPlanDetails().then((result) => (result.ok ? setDetails(result.data) : showToast(result.error.message)));
  }, []);
  return (
    <section className="screen">
      <h1>
        <Trans>Manage subscription</Trans>
      </h1>
      <div className="card subscription">
        {details ? (
          <>
            <p>
              <Trans>Status:</Trans>{' '}
              <strong className={`subscription__status subscription__status--${details.status}`}>
                {details.status === 'active' ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
              </strong>
            </p>
            {details.name && (
              <p>
                <Trans>Plan:</Trans> <strong>{details.name}</strong>
              </p>
            )}
          </>
        ) : (
          <p aria-busy="true">
            <Trans>Loading…</Trans>
          </p>
        )}
        <p className="form__hint">
          <Trans>
            To cancel, write to <a href={`mailto:${supportEmail}?subject=Cancel%20my%20subscription`}>{supportEmail}</a>
            . We answer within a day.
          </Trans>
        </p>
      </div>
    </section>
  );
}
