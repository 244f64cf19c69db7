// /searching (spec §2, §9): a visual delay; the counter rises 1 per 450 ms and at 17 goes to the offer.
// Issue 51: it says what it does, prepare the offer, and claims no look-up of the account (none happens).
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { visitorUsername } from '../../app/visitor.ts';

/** spec §9: 450 ms per percent. */
export const SEARCH_TICK_MS = 450;
/** spec §9: redirect at 17. */
export const SEARCH_REDIRECT_AT = 17;

export default function Searching() {
  const [, navigate] = useLocation();
  const [percent, setPercent] = useState(0);
  const username = visitorUsername.get();
  const titleId = useId();

  useEffect(() => {
    const timer = setInterval(() => setPercent((value) => value + 1), SEARCH_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (percent >= SEARCH_REDIRECT_AT) navigate('/paymentplan', { replace: true });
  }, [percent, navigate]);

  return (
    <section className="screen searching">
      <h1 id={titleId}>
        <Trans>Preparing your offer</Trans>
      </h1>
      {username && (
        <p className="searching__who">
          <Trans>Preparing the offer for @{username}…</Trans>
        </p>
      )}
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-labelledby={titleId}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="searching__percent" aria-live="polite">
        {percent}%
      </p>
    </section>
  );
}
