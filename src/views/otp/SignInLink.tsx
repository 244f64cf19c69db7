// A one-time sign-in link from a code's mail (issue 48): `/otp#link=…`, mailed once strangers have tried
// wrong codes for the address, so the owner gets in however many codes were guessed. The token travels
// in the address's fragment, which no server or proxy log sees, and is taken off the address at once.
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type LoginResponse, SIGN_IN_LINK_PARAM } from '../../../common/schema/account.ts';
import { signInWithLink } from '../../api/account.ts';
import { completeLogin } from '../../app/actions.ts';
import { ExpiredDrawer } from './ExpiredDrawer.tsx';

/** The link's token in the address, taken off it (a reload or the history never sends it again). */
export function signInLinkToken(): string | undefined {
  const token = new URLSearchParams(window.location.hash.slice(1)).get(SIGN_IN_LINK_PARAM) ?? undefined;
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

type State = { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'expired'; login: LoginResponse };

/** Logs in with the link, then home (or the expired drawer, as after a code). */
export function SignInLink({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const [state, setState] = useState<State>({ kind: 'working' });
  // Once, even when React's development mode mounts the screen twice: the link works once.
  const used = useRef(false);

  useEffect(() => {
    if (used.current) return;
    used.current = true;
    void signInWithLink(token).then(async (result) => {
      if (!result.ok) return setState({ kind: 'failed', message: result.error.message });
      if ((await completeLogin(result.data)) === 'subscribed') navigate('/home');
      else setState({ kind: 'expired', login: result.data });
    });
  }, [token, navigate]);

  return (
    <section className="screen otp">
      <h1>
        <Trans>Logging you in</Trans>
      </h1>
      {state.kind === 'working' && (
        <p className="card" role="status">
          <Trans>Checking your sign-in link…</Trans>
        </p>
      )}
      {state.kind === 'failed' && (
        <div className="card">
          <p className="notice notice--error" role="alert">
            {state.message}
          </p>
          <Link href="/existinguserlogin" className="button button--wide">
            <Trans>Get a new code</Trans>
          </Link>
        </div>
      )}
      {state.kind === 'expired' && <ExpiredDrawer login={state.login} />}
    </section>
  );
}
