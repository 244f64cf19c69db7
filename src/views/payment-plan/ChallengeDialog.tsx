// The sandbox bank's 3-D Secure screen: the user confirms or refuses the payment, as at a real bank.
import { Trans } from '@lingui/react/macro';
import { Dialog } from '../../app/Dialog.tsx';

export function ChallengeDialog({ onAnswer }: { onAnswer: (outcome: 'pass' | 'fail') => void }) {
  return (
    <Dialog
      title={<Trans>Confirm this payment with your bank</Trans>}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={() => onAnswer('fail')}>
            <Trans>Fail authentication</Trans>
          </button>
          <button type="button" className="button" onClick={() => onAnswer('pass')}>
            <Trans>Complete authentication</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>Your bank asks you to confirm this payment (3-D Secure). This is the test bank of the sandbox.</Trans>
      </p>
    </Dialog>
  );
}
