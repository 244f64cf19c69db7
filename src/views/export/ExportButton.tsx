// "Export CSV" on the list and analytics screens (issue 20): the file is written in the worker, so the
// screen stays usable while a long list streams, and Cancel stops it.
import { Trans } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { type ExportRequest, saveExport } from '../../app/export.ts';

/**
 * Runs one export at a time, with the controller that cancels it. Leaving the screen does not cancel:
 * the export goes on in the worker and its file still arrives.
 */
export function useExport() {
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  async function start(request: ExportRequest) {
    if (controller.current) return;
    controller.current = new AbortController();
    setBusy(true);
    try {
      await saveExport(request, controller.current.signal);
    } finally {
      controller.current = undefined;
      setBusy(false);
    }
  }
  return { busy, start, cancel: () => controller.current?.abort() };
}

export function ExportButton({ request }: { request: ExportRequest }) {
  const { busy, start, cancel } = useExport();
  return (
    <span className="export-button">
      <button
        type="button"
        className="button button--small button--ghost"
        data-testid="export-csv"
        onClick={() => void start(request)}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <Trans>Exporting…</Trans> : <Trans>Export CSV</Trans>}
      </button>
      {busy && (
        <button type="button" className="link-button" data-testid="export-cancel" onClick={cancel}>
          <Trans>Cancel</Trans>
        </button>
      )}
    </span>
  );
}
