// "Export all my data" on Manage subscription (issue 20): one ZIP of everything we hold about the
// account, built in the worker; offline it holds what this device saved, and says so.
import { Trans } from '@lingui/react/macro';
import { useExport } from './ExportButton.tsx';

export function ExportData() {
  const { busy, start, cancel } = useExport();
  const day = new Date().toISOString().slice(0, 10);
  return (
    <section className="card export-data" aria-labelledby="export-data-title" data-testid="export-data">
      <h2 id="export-data-title">
        <Trans>Your data</Trans>
      </h2>
      <p className="form__hint">
        <Trans>
          One ZIP file with everything we hold about your account: your six lists, the dates of your snapshots, post and
          reel analytics, sentiment reports, insight summaries, and your payments’ dates and amounts.
        </Trans>
      </p>
      <button
        type="button"
        className="button"
        data-testid="export-all"
        onClick={() => void start({ kind: 'account', suggestedName: `followscope-account-${day}.zip` })}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <Trans>Preparing your file…</Trans> : <Trans>Export all my data</Trans>}
      </button>
      {busy && (
        <button type="button" className="link-button" data-testid="export-cancel" onClick={cancel}>
          <Trans>Cancel</Trans>
        </button>
      )}
    </section>
  );
}
