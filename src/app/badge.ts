// The app's badge (issue 33): the service worker counts followers who came or went in each push; the
// dashboard, once seen, clears the count and the badge.
import { clearUnseen } from '../sw/unseen.ts';

/** The user has the dashboard in front of them: nothing is unseen any more. */
export async function markChangesSeen(): Promise<void> {
  try {
    await clearUnseen(navigator);
  } catch {
    // No Cache Storage here (an insecure origin): there is no count to clear.
  }
}
