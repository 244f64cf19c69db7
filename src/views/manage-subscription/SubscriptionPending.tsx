// The subscription card's room while its details are on their way: the lines they will fill, hidden, with
// "Loading…" over them, so the cards below do not move when the details come (issue 31). Which lines is
// guessed from the stored user record, read before the screen's first paint: the demo has no plan (one
// line); a subscriber's renewing subscription states its plan and next charge and offers Cancel; a lapsed
// one its status and plan. A guess of two lines for all moved the cards below by the difference: up 35 px
// for the demo, down by the charge line and the Cancel block for a paying subscriber.
import { Trans } from '@lingui/react/macro';
import { Pending } from '../../app/Pending.tsx';

/** What the details will most likely show. */
export type PendingShape = 'status' | 'plan' | 'renewing';

export function SubscriptionPending({ missing, shape }: { missing: boolean; shape: PendingShape }) {
  // Blanks in SubscriptionTerms' own message (its variables' names), so no new words to translate.
  const amount = '\u00a0';
  const on = amount;
  return (
    <div className="subscription__pending" data-shape={shape}>
      <div className="subscription__ghost" aria-hidden="true">
        <p>
          <Trans>Status:</Trans> <strong>&nbsp;</strong>
        </p>
        {shape !== 'status' && (
          <p>
            <Trans>Plan:</Trans> <strong>&nbsp;</strong>
          </p>
        )}
        {shape === 'renewing' && (
          <>
            <p>
              <Trans>
                Next charge: <strong>{amount}</strong> on {on}
              </Trans>
            </p>
            <div className="subscription__change">
              <CancelExplained />
              <span className="button button--ghost">
                <Trans>Cancel subscription</Trans>
              </span>
            </div>
          </>
        )}
      </div>
      <Pending missing={missing} />
    </div>
  );
}

/** What Cancel does, said above the button (and held in its room while the details load). */
export function CancelExplained() {
  return (
    <p>
      <Trans>Cancelling stops the renewal: you keep your subscription to the end of the period you paid for.</Trans>
    </p>
  );
}
