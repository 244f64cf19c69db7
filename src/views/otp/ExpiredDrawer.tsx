// spec §4: after the code, an expired user chooses Activate (the offer, email and username locked)
// or Cancel (clear the user data, back to the welcome card).
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import type { LoginResponse } from '../../../common/schema/account.ts';
import { activateRenewal, cancelExpired } from '../../app/actions.ts';
import { Dialog } from '../../app/Dialog.tsx';

export function ExpiredDrawer({ login }: { login: LoginResponse }) {
  const [, navigate] = useLocation();
  return (
    <Dialog
      variant="sheet"
      title={<Trans>Your subscription has ended</Trans>}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={() => void cancelExpired(navigate)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="button" onClick={() => void activateRenewal(login, navigate)}>
            <Trans>Activate</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>Your account is not active anymore. Please make a payment in order to activate your account.</Trans>
      </p>
    </Dialog>
  );
}
