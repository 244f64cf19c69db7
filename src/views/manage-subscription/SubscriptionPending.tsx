// The subscription card's room while its details are on their way: its status and plan lines, hidden,
// with "Loading…" over them, so the export and deletion cards below move little or not at all when the
// details come (issue 31). A renewing subscription's Cancel block still adds its height then; holding
// that room too would move them back up for every subscription without one (a shift of 0.18 measured).
import { Trans } from '@lingui/react/macro';
import { Pending } from '../../app/Pending.tsx';

export function SubscriptionPending({ missing }: { missing: boolean }) {
  return (
    <div className="subscription__pending">
      <div className="subscription__ghost" aria-hidden="true">
        <p>
          <Trans>Status:</Trans> <strong>&nbsp;</strong>
        </p>
        <p>
          <Trans>Plan:</Trans> <strong>&nbsp;</strong>
        </p>
      </div>
      <Pending missing={missing} />
    </div>
  );
}
