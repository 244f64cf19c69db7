// The insight summary (spec §4 Insight): check, then fetch when the popup flag is true, else a
// "Sorry" alert with the server's message. The latest insight stays in the user record
// (chat_gpt_data), so it shows offline. Issue 51: the server writes it again after every analysis and
// import; one written from other figures than the record's (cached before that) is not shown as theirs.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { insightSchema } from '../../../common/schema/posts.ts';
import type { UserRecord } from '../../../common/schema/user.ts';
import { checkInsightPopup, generateInsight } from '../../api/posts.ts';
import { Dialog } from '../../app/Dialog.tsx';
import { accountSources } from '../../app/sources/account.ts';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { showToast } from '../../app/toast.tsx';
import { db } from '../../db/db.ts';

export function InsightPanel({ user }: { user: UserRecord | undefined }) {
  useLingui();
  const [busy, setBusy] = useState(false);
  const [sorry, setSorry] = useState<string>();
  const stored = insightSchema.safeParse(user?.chat_gpt_data);
  const kept = stored.success ? stored.data : undefined;
  const figures = accountSources(user).figures;
  const stale =
    kept?.source !== undefined &&
    figures !== undefined &&
    (kept.source.source !== figures.source || kept.source.at !== figures.at);
  const insight = stale ? undefined : kept;

  async function ask() {
    if (!user || busy) return;
    setBusy(true);
    try {
      const check = await checkInsightPopup();
      if (!check.ok) return showToast(check.error.message);
      if (!check.data.popup) return setSorry(check.data.message);
      const result = await generateInsight(user);
      if (!result.ok) return showToast(result.error.message);
      await db.user.update('current', { chat_gpt_data: result.data, is_insight: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card insight" data-testid="insight">
      <h2>
        <Trans>Your insight summary</Trans>
      </h2>
      {insight ? (
        <>
          <p className="insight__summary">{insight.summary}</p>
          <SourceLine provenance={insight.source} />
          <ul className="insight__actions">
            {insight.actionable_insights
              .split('\n')
              .filter(Boolean)
              .map((line) => (
                <li key={line}>{line}</li>
              ))}
          </ul>
        </>
      ) : stale ? (
        <p className="analytics__hint" data-testid="insight-stale">
          <Trans>Your figures are newer than your last summary: refresh it to read what they say.</Trans>
        </p>
      ) : (
        <p className="analytics__hint">
          <Trans>Read what your figures say, with advice you can act on.</Trans>
        </p>
      )}
      {/* Not disabled while busy (ask() ignores a second press): a disabled button would drop the keyboard's focus. */}
      <button
        type="button"
        className="button button--wide"
        onClick={() => void ask()}
        disabled={!user}
        aria-disabled={busy}
      >
        {busy ? (
          <Trans>Writing your insights…</Trans>
        ) : kept ? (
          <Trans>Refresh my insights</Trans>
        ) : (
          <Trans>Get my insights</Trans>
        )}
      </button>
      {sorry !== undefined && (
        <Dialog
          role="alertdialog"
          title={<Trans>Sorry</Trans>}
          onDismiss={() => setSorry(undefined)}
          actions={
            <button type="button" className="button" onClick={() => setSorry(undefined)}>
              <Trans>OK</Trans>
            </button>
          }
        >
          <p>{sorry}</p>
        </Dialog>
      )}
    </section>
  );
}
