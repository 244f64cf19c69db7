// /connected (issue 18): where the network's consent page sends the owner back. It hands the code and
// state to the server, which exchanges them for a token, then the dashboard collects the account's
// figures. A refusal or a stale consent says so, with the way back; nothing stored is touched.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { completeOfficialConnect } from '../../api/official.ts';
import { runAnalysis } from '../../app/analysis.ts';
import { ConnectOfficialButton } from '../../app/sources/ConnectOfficial.tsx';

type State = { kind: 'working' } | { kind: 'failed'; message: string };

/** A connection this recent is the one a reloaded /connected address made. */
const RECENT_MS = 15 * 60_000;

/** Each consent answer is handed over once, even if the screen mounts twice (React's development mode). */
const handled = new Set<string>();

export default function Connected() {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const [state, setState] = useState<State>({ kind: 'working' });

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const code = query.get('code');
    const state = query.get('state');
    const error = query.get('error');
    if (error || !code || !state) {
      setState({
        kind: 'failed',
        message:
          error === 'access_denied'
            ? i18n._(msg`You did not allow Followscope to read your account, so nothing was connected.`)
            : i18n._(msg`The network did not send a consent back. Please press Connect your account again.`),
      });
      return;
    }
    if (handled.has(code)) return;
    handled.add(code);
    void completeOfficialConnect({ code, state }).then(async (result) => {
      if (!result.ok) {
        // This address again (a reload, or Back) after it connected: the code is spent, the account connected.
        const { db } = await import('../../db/db.ts');
        const cached = await db.user.get('current');
        const since = Date.parse(cached?.official?.connected_at ?? '');
        if (cached?.official?.status === 'active' && Date.now() - since < RECENT_MS) {
          navigate('/home', { replace: true });
          return;
        }
        setState({ kind: 'failed', message: result.error.message });
        return;
      }
      const { writeUserRecord } = await import('../../db/user.ts');
      await writeUserRecord(result.data);
      // The code is spent: the dashboard replaces this address, so Back does not hand it over again.
      navigate('/home', { replace: true });
      void runAnalysis(1, result.data);
    });
  }, [i18n, navigate]);

  return (
    <section className="screen connected">
      <h1>
        <Trans>Connecting your account</Trans>
      </h1>
      {state.kind === 'working' ? (
        <p role="status" className="connected__status">
          <Trans>Finishing the connection with the network’s official API…</Trans>
        </p>
      ) : (
        <div className="card">
          <p role="alert" className="notice notice--error">
            {state.message}
          </p>
          <div className="connected__actions">
            <ConnectOfficialButton />
            <Link href="/home" className="button button--ghost button--wide">
              <Trans>Back to the dashboard</Trans>
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
