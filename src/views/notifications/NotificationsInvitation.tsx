// The dashboard's invitation to notifications (issue 33), shown once the account has figures, on a
// device that can receive them and was not asked yet. Only a tap on its button asks the browser's
// permission. Once shown it stays for the visit, saying what happened, so the dashboard never moves.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { dismissInvitation, turnOnNotifications, useNotifications } from '../../app/notifications.ts';
import './notifications.css';

/** The dashboard's one-time invitation to turn notifications on. */
export function NotificationsInvitation() {
  const { i18n } = useLingui();
  const { status, invited, busy, problem } = useNotifications();
  // Decided at the first frame from what the device already knows (no request): shown or not, for the visit.
  const [shown] = useState(() => status === 'off' && !invited);
  const [dismissed, setDismissed] = useState(false);
  if (!shown || dismissed) return null;
  return (
    <section className="card notify-invite" aria-labelledby="notify-invite-title" data-testid="notify-invite">
      <h2 id="notify-invite-title">
        <Trans>Know when your followers change</Trans>
      </h2>
      {status === 'on' ? (
        <p className="notify-invite__text" role="status">
          <Trans>
            Notifications are on for this device. You can turn them off in{' '}
            <Link href="/managesubscription">Manage subscription</Link>.
          </Trans>
        </p>
      ) : (
        <>
          <p className="notify-invite__text" role="status">
            {/* Issue 51: why the last tap did not turn them on. */}
            {problem ? (
              i18n._(problem)
            ) : (
              <Trans>
                Get one notification when a collection finds new or lost followers: the counts only, never a name on
                your lock screen.
              </Trans>
            )}
          </p>
          <div className="notify-invite__actions">
            <button type="button" className="button" disabled={busy} onClick={() => void turnOnNotifications()}>
              <Trans>Turn on notifications</Trans>
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                dismissInvitation();
                setDismissed(true);
              }}
            >
              <Trans>Not now</Trans>
            </button>
          </div>
        </>
      )}
    </section>
  );
}
