// The installed app on the phone (issue 33), started once a logged-in user's app is up and forgotten on
// logout: notifications checked against the browser, the daily figures refresh asked for.
import { markChangesSeen } from './badge.ts';
import { refreshFiguresDaily, stopDailyRefresh } from './daily-refresh.ts';
import { checkNotifications, forgetNotifications } from './notifications.ts';

/** After the app started for a logged-in user; never waited for. */
export async function startPhoneFeatures(): Promise<void> {
  await Promise.allSettled([checkNotifications(), refreshFiguresDaily()]);
}

/** On logout or account deletion: this device stops hearing about the account. */
export async function forgetPhoneFeatures(): Promise<void> {
  const { forgetSharedFiles } = await import('../sw/shared-files.ts');
  await Promise.allSettled([forgetNotifications(), stopDailyRefresh(), markChangesSeen(), forgetSharedFiles()]);
}
