// /managesubscription (spec §2): the subscription, with Cancel in one click and Keep my subscription
// (issue 20), and Delete my account. Painted from IndexedDB and refreshed behind, so it opens offline
// (issue 8).
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { UpdatedAt } from '../../app/UpdatedAt.tsx';
import { usePlanDetails } from '../../db/plan-details.ts';
import { ExportData } from '../export/ExportData.tsx';
import { NotificationsCard } from '../notifications/NotificationsCard.tsx';
import { refreshPlanDetails } from './actions.ts';
import { DeleteAccount } from './DeleteAccount.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';

export default function ManageSubscription() {
  const details = usePlanDetails();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    void refreshPlanDetails().then((outcome) => setMissing(outcome === 'missing'));
  }, []);
  return (
    <section className="screen">
      <h1>
        <Trans>Manage subscription</Trans>
      </h1>
      <UpdatedAt time={details?.updatedAt} pending={!details} />
      <SubscriptionCard details={details} missing={missing} />
      <NotificationsCard />
      <ExportData />
      <DeleteAccount />
    </section>
  );
}
