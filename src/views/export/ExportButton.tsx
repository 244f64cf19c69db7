// "Export CSV" on the list and analytics screens (issue 20): the file is written in the worker, so the
// screen stays usable while a long list streams.
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { type ExportRequest, saveExport } from '../../app/export.ts';

export function ExportButton({ request }: { request: ExportRequest }) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    if (busy) return;
    setBusy(true);
    try {
      await saveExport(request);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--small button--ghost export-button"
      data-testid="export-csv"
      onClick={() => void onClick()}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? <Trans>Exporting…</Trans> : <Trans>Export CSV</Trans>}
    </button>
  );
}
