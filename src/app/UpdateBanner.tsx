// Offers the waiting new version; see update.ts for why the user chooses the moment.
import { Trans } from '@lingui/react/macro';
import { applyUpdate, useUpdateWaiting } from './update.ts';

export function UpdateBanner() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="update-banner" role="status">
      <span>
        <Trans>A new version of Followscope is ready.</Trans>
      </span>
      <button type="button" className="button button--small" onClick={applyUpdate}>
        <Trans>Update now</Trans>
      </button>
    </div>
  );
}
