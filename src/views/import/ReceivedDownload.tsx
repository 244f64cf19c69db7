// What the import screen received from another app (issue 33): the file's name and size, so the user
// knows which download it is; or why nothing could be taken. Issue 48: it asks before anything is
// imported, and a name is only ever text here (React escapes it; never markup).
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
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

/** Where the files came from, their names and their size: "From another app: instagram-….zip (12.4 MB)". */
function Arrival({ arrived }: { arrived: { via: 'share' | 'open'; names: string[]; bytes: number } }) {
  const { i18n } = useLingui();
  const names = arrived.names.join(', ');
  const size = sizeOf(arrived.bytes, i18n.locale);
  return arrived.via === 'share' ? (
    <Trans>
      From another app: {names} ({size})
    </Trans>
  ) : (
    <Trans>
      Opened with Followscope: {names} ({size})
    </Trans>
  );
}

interface Props {
  received: Received;
  /** The user's answer to "Import this download?". */
  onImport(): void;
  onDiscard(): void;
}

/** Says what came from another app and asks whether to import it, or says why nothing came. */
export function ReceivedDownload({ received, onImport, onDiscard }: Props) {
  const headingId = useId();
  if (received.kind === 'problem') {
    return (
      <p className="card import__received notice notice--error" role="alert">
        {received.problem === 'failed' ? (
          <Trans>This device had no room to keep the shared download. Free some space, or choose the ZIP below.</Trans>
        ) : received.problem === 'refused' ? (
          <Trans>
            A page on another website tried to hand this app a file. It was refused and nothing was kept. To import your
            download, share it from your phone’s files or mail, or choose it below.
          </Trans>
        ) : (
          <Trans>Nothing arrived with the share. Share the ZIP the network sent you, or choose it below.</Trans>
        )}
      </p>
    );
  }
  if (received.kind === 'discarded') {
    return (
      <p className="card import__received" role="status">
        <Trans>The download was discarded: nothing was imported.</Trans>
      </p>
    );
  }
  if (received.kind === 'taken') {
    return (
      <p className="card import__received" data-testid="import-received">
        <Arrival arrived={received} />
      </p>
    );
  }
  // Waiting, the question's card is already there at its size: the name and the buttons come into it.
  const asking = received.kind === 'asking' ? received : undefined;
  return (
    <section className="card import__received import__question" aria-labelledby={headingId} aria-busy={!asking}>
      <h2 id={headingId}>{asking ? <Trans>Import this download?</Trans> : <Trans>Receiving your download…</Trans>}</h2>
      <p className="import__file" data-testid="import-question-file">
        {asking && <Arrival arrived={asking} />}
      </p>
      <p className="import__hint">
        <Trans>Import it only if it is the download the network sent you.</Trans>
      </p>
      <div className="import__buttons">
        <button type="button" className="button" disabled={!asking} onClick={onImport}>
          <Trans>Import</Trans>
        </button>
        <button type="button" className="button button--ghost" disabled={!asking} onClick={onDiscard}>
          <Trans>Discard</Trans>
        </button>
      </div>
    </section>
  );
}
