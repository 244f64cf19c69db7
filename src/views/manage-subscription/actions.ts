// What Manage subscription's buttons do (issue 20): the server first, then the device. Cancelling,
// keeping and deleting need the network; offline or refused, the toast says why and nothing changes.
import { deleteAccount } from '../../api/account.ts';
import { cancelSubscription, fetchPlanDetails, keepSubscription } from '../../api/billing.ts';
import { forgetDevice } from '../../app/session.ts';
import { showToast } from '../../app/toast.tsx';
import { hasPlanDetails, writePlanDetails } from '../../db/plan-details.ts';

/** Refreshes the cached subscription; 'missing' when it failed with nothing cached to show. */
export async function refreshPlanDetails(): Promise<'stored' | 'kept' | 'missing'> {
  const result = await fetchPlanDetails();
  if (result.ok) {
    await writePlanDetails(result.data);
    return 'stored';
  }
  if (await hasPlanDetails()) return 'kept';
  showToast(result.error.message);
  return 'missing';
}

/** Cancel in one click: the subscription runs to the end of the period paid for. */
export async function cancelRenewal(): Promise<void> {
  const result = await cancelSubscription();
  if (!result.ok) return showToast(result.error.message);
  await writePlanDetails(result.data.plan);
  showToast(result.data.message, { kind: 'info' });
}

/** Keep my subscription: undoes the cancel before its end. */
export async function keepRenewal(): Promise<void> {
  const result = await keepSubscription();
  if (!result.ok) return showToast(result.error.message);
  await writePlanDetails(result.data.plan);
  showToast(result.data.message, { kind: 'info' });
}

/**
 * Delete my account: the server deletes it, then this device forgets everything it held (database,
 * caches, storage) and the app goes to the welcome page. False when the server refused (nothing changed).
 */
export async function deleteMyAccount(navigate: (to: string) => void): Promise<boolean> {
  const result = await deleteAccount();
  if (!result.ok) {
    showToast(result.error.message);
    return false;
  }
  await forgetDevice();
  // Long enough to read on the welcome page it lands on.
  showToast(result.data, { kind: 'info', durationMs: 10_000 });
  navigate('/');
  return true;
}
