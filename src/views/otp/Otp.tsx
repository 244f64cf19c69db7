// /otp (spec §2, §4, §5): the 4-digit code, a resend link with a visible cooldown, then home or the
// expired drawer. Issue 48: opened as `/otp#link=…` from a code's mail, it logs in with that link.
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { LoginResponse } from '../../../common/schema/account.ts';
import { sendLoginCode, validateLoginCode } from '../../api/account.ts';
import { completeLogin } from '../../app/actions.ts';
import { dismissToasts, showToast } from '../../app/toast.tsx';
import { codeSentAt, loginEmail } from '../../app/visitor.ts';
import { CodeBoxes } from './CodeBoxes.tsx';
import { CODE_LENGTH, resendWait } from './code-input.ts';
import { ExpiredDrawer } from './ExpiredDrawer.tsx';
import { SignInLink, signInLinkToken } from './SignInLink.tsx';

const empty = () => Array.from({ length: CODE_LENGTH }, () => '');

/** Issue 51: the code screen's answers share one toast, the newest in place of the one before. */
const SLOT = 'code';

export default function Otp() {
  // Read before anything else: the link's token is taken off the address as it is read. A link opened
  // while this screen shows (the same tab) comes as a change of the address's fragment.
  const [linkToken, setLinkToken] = useState(signInLinkToken);
  useEffect(() => {
    const opened = () => setLinkToken((token) => signInLinkToken() ?? token);
    window.addEventListener('hashchange', opened);
    return () => window.removeEventListener('hashchange', opened);
  }, []);
  if (linkToken) return <SignInLink key={linkToken} token={linkToken} />;
  return <CodeForm />;
}

function CodeForm() {
  const [, navigate] = useLocation();
  // Read once: a completed login clears the stored email, and the drawer still needs this screen.
  const [email] = useState(loginEmail.get);
  const [digits, setDigits] = useState(empty);
  const [checking, setChecking] = useState(false);
  const [blocked, setBlocked] = useState<string>();
  // Issue 48: after a few wrong codes the server asks for a short wait before the next.
  const [waitUntil, setWaitUntil] = useState(0);
  const [expired, setExpired] = useState<LoginResponse>();
  const [now, setNow] = useState(Date.now);
  const wait = resendWait(codeSentAt.get(), now);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  if (!email) {
    return (
      <section className="screen">
        <h1>
          <Trans>Enter your code</Trans>
        </h1>
        <p>
          <Trans>
            We do not know where to send a code yet. <Link href="/existinguserlogin">Enter your email</Link>
          </Trans>
        </p>
      </section>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email || digits.some((digit) => !digit)) return;
    setChecking(true);
    const result = await validateLoginCode(email, digits.join(''));
    setChecking(false);
    if (!result.ok) {
      const stopped = result.error.status === 429 && !result.error.retryAfterS;
      // A code that can no longer be typed says so on the form, where it stays: not a second time in a toast.
      if (stopped) {
        dismissToasts(SLOT);
        setBlocked(result.error.message);
      } else showToast(result.error.message, { slot: SLOT });
      if (result.error.status === 429 && result.error.retryAfterS) {
        setWaitUntil(Date.now() + result.error.retryAfterS * 1000);
      }
      setDigits(empty());
      return;
    }
    if ((await completeLogin(result.data)) === 'subscribed') navigate('/home');
    else setExpired(result.data);
  }

  async function resend() {
    if (!email || wait > 0) return;
    const result = await sendLoginCode(email);
    if (!result.ok) return showToast(result.error.message, { slot: SLOT });
    codeSentAt.set(Date.now());
    setNow(Date.now());
    showToast(result.data, { kind: 'info', slot: SLOT });
  }

  const waiting = waitUntil > now;
  const minutes = Math.floor(wait / 60);
  const seconds = String(wait % 60).padStart(2, '0');
  return (
    <section className="screen otp">
      <h1>
        <Trans>Enter your code</Trans>
      </h1>
      <form className="form card" onSubmit={(event) => void submit(event)}>
        <p className="form__hint">
          <Trans>We sent a 4-digit code to {email}. It works for 10 minutes.</Trans>
        </p>
        <CodeBoxes digits={digits} onChange={setDigits} disabled={checking || Boolean(blocked)} />
        {blocked && (
          <p className="notice notice--error" role="alert">
            {blocked}
          </p>
        )}
        <button
          type="submit"
          className="button button--wide"
          disabled={checking || Boolean(blocked) || waiting || digits.some((digit) => !digit)}
        >
          <Trans>Submit</Trans>
        </button>
        <p className="otp__resend">
          {wait > 0 ? (
            <span aria-live="polite">
              <Trans>
                Resend code in {minutes}:{seconds}
              </Trans>
            </span>
          ) : (
            <button type="button" className="link-button" onClick={() => void resend()}>
              <Trans>Resend code</Trans>
            </button>
          )}
        </p>
      </form>
      <nav className="links">
        <Link href="/existinguserlogin">
          <Trans>Use another email</Trans>
        </Link>
      </nav>
      {expired && <ExpiredDrawer login={expired} />}
    </section>
  );
}
