// Notifications on this device, on Manage subscription (issue 33): a switch, and the weekly reminder to
// ask for a fresh download. The card is the same height in every state, from its first frame.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  type NotificationStatus,
  setWeeklyReminder,
  turnOffNotifications,
  turnOnNotifications,
  useNotifications,
} from '../../app/notifications.ts';
import './notifications.css';

const whatItSends = (
  <Trans>
    When a collection finds new or lost followers, this device gets one notification with the counts. Only counts: never
    a name on your lock screen.
  </Trans>
);

const about: Record<NotificationStatus, ReactNode> = {
  on: whatItSends,
  off: whatItSends,
  blocked: <Trans>Notifications are blocked for Followscope. Allow them in your browser’s site settings.</Trans>,
  unsupported: (
    <Trans>
      This browser cannot show Followscope’s notifications. On an iPhone, add Followscope to your home screen first and
      open it from there.
    </Trans>
  ),
  unavailable: <Trans>Notifications are not set up on this server.</Trans>,
};

/** The switch, and the weekly reminder, for this device. */
export function NotificationsCard() {
  const { i18n } = useLingui();
  const { status, weeklyReminder, busy, problem } = useNotifications();
  const on = status === 'on';
  const switchable = status === 'on' || status === 'off';
  return (
    <section className="card notifications" aria-labelledby="notifications-title">
      <h2 id="notifications-title">
        <Trans>Notifications on this device</Trans>
      </h2>
      {/* Issue 51: why the last try did not turn them on, in place of what they send, until the next try. */}
      <p className="notifications__about" data-testid="notifications-about" role="status">
        {problem ? i18n._(problem) : about[status]}
      </p>
      <label className={`notifications__option${switchable ? '' : ' notifications__option--disabled'}`}>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          disabled={!switchable || busy}
          onChange={(event) => void (event.target.checked ? turnOnNotifications() : turnOffNotifications())}
        />
        <Trans>Tell me when my followers change</Trans>
      </label>
      <label className={`notifications__option${on ? '' : ' notifications__option--disabled'}`}>
        <input
          type="checkbox"
          checked={on && weeklyReminder}
          disabled={!on || busy}
          onChange={(event) => void setWeeklyReminder(event.target.checked)}
        />
        <Trans>Remind me each week to ask the network for a fresh download</Trans>
      </label>
    </section>
  );
}
