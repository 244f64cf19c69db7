// /managesubscription (spec §2): active or inactive, the plan's name; cancelling is by email.
// Painted from IndexedDB and refreshed behind, so it opens offline (issue 8).
import { Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { fetchPlanDetails } from '../../api/billing.ts';
import { supportEmail } from '../../app/config.ts';
import { Pending } from '../../app/Pending.tsx';
import { showToast } from '../../app/toast.tsx';
import { UpdatedAt } from '../../app/UpdatedAt.tsx';
import { db } from '../../db/db.ts';
import { ExportData } from '../export/ExportData.tsx';

export default function ManageSubscription() {
  const details = useLiveQuery(async () => (await db.planDetails.get('current')) ?? null, []);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    void fetchPlanDetails().then(async (result) => {
      if (result.ok) {
        const { name, status } = result.data;
        await db.planDetails.put({ id: 'current', name, status, updatedAt: Date.now() });
      } else if (!(await db.planDetails.get('current'))) {
        setMissing(true);
        showToast(result.error.message);
      }
    });
  }, []);
  return (
    <section className="screen">
      <h1>
        <Trans>Manage subscription</Trans>
      </h1>
      <UpdatedAt time={details?.updatedAt} />
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
          <Pending missing={missing} />
        )}
        <p className="form__hint">
          <Trans>
            To cancel, write to <a href={`mailto:${supportEmail}?subject=Cancel%20my%20subscription`}>{supportEmail}</a>
            . We answer within a day.
          </Trans>
        </p>
      </div>
      <ExportData />
    </section>
  );
}
