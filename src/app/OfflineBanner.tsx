// An unobtrusive line while the device is offline (issue 8): the screens keep showing what they have
// cached, and this says so, with the requests that wait to be sent.
import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { waiting } from './outbox-status.ts';

function subscribe(onChange: () => void) {
  addEventListener('online', onChange);
  addEventListener('offline', onChange);
  return () => {
    removeEventListener('online', onChange);
    removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

export function OfflineBanner() {
  const online = useOnline();
  const queued = waiting.use();
  if (online && queued === 0) return null;
  return (
    <div className="offline-banner" role="status">
      {!online && <Trans>You are offline: you are seeing saved data.</Trans>}{' '}
      {queued > 0 && <Trans>Waiting to be sent when you are back online: {queued}</Trans>}
    </div>
  );
}
