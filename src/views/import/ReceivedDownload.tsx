// What the import screen received from another app (issue 33): the file's name and size, so the user
// knows which download is being read; or why nothing could be taken.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { numberFormat } from '../../i18n/formats.ts';
import type { Received } from './received.ts';

/** A size as people read it: "820 kB", "12.4 MB". */
function sizeOf(bytes: number, locale: string): string {
  const megabytes = bytes >= 1_000_000;
  return numberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(0.1, bytes / 1000));
}

/** Says what came from another app, or why nothing did. */
export function ReceivedDownload({ received }: { received: Received }) {
  const { i18n } = useLingui();
  if (received.kind === 'waiting') {
    return (
      <p className="card import__received" role="status">
        <Trans>Receiving your download…</Trans>
      </p>
    );
  }
  if (received.kind === 'problem') {
    return (
      <p className="card import__received notice notice--error" role="alert">
        {received.problem === 'failed' ? (
          <Trans>This device had no room to keep the shared download. Free some space, or choose the ZIP below.</Trans>
        ) : (
          <Trans>Nothing arrived with the share. Share the ZIP the network sent you, or choose it below.</Trans>
        )}
      </p>
    );
  }
  const names = received.names.join(', ');
  const size = sizeOf(received.bytes, i18n.locale);
  return (
    <p className="card import__received" data-testid="import-received">
      {received.via === 'share' ? (
        <Trans>
          Received from another app: {names} ({size}). Importing it now.
        </Trans>
      ) : (
        <Trans>
          Opened with Followscope: {names} ({size}). Importing it now.
        </Trans>
      )}
    </p>
  );
}
