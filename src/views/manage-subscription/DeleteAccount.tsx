// Delete my account (issue 20): what goes, what the law makes us keep, and a plain Cancel / Delete
// confirmation. Deleting needs the network: offline, the toast says so and nothing changes.
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Dialog } from '../../app/Dialog.tsx';
import { deleteMyAccount } from './actions.ts';

/** What deleting removes, and what is kept and why: said on the screen and again in the dialog. */
function WhatIsKept() {
  return (
    <p>
      <Trans>
        We keep only a record of each payment (its date, amount, currency and plan), with no name, email or username,
        for as long as tax and accounting law requires.
      </Trans>
    </p>
  );
}

export function DeleteAccount() {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    setDeleting(true);
    const deleted = await deleteMyAccount(navigate);
    // Gone: the app is on the welcome page. Refused: the toast says why and the dialog closes.
    if (!deleted) {
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <section className="card account-deletion" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">
        <Trans>Delete my account</Trans>
      </h2>
      <p>
        <Trans>
          This deletes your account and everything we hold about it: analyses, lists, imports, the connection to the
          official API, support messages, sign-in codes and emails. Your subscription ends at once, and this device is
          emptied.
        </Trans>
      </p>
      <WhatIsKept />
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        <Trans>Delete my account</Trans>
      </button>
      {confirming && (
        <Dialog
          role="alertdialog"
          title={<Trans>Delete your account?</Trans>}
          actions={
            <>
              <button
                type="button"
                className="button button--ghost"
                disabled={deleting}
                onClick={() => setConfirming(false)}
              >
                <Trans>Cancel</Trans>
              </button>
              <button type="button" className="button button--danger" disabled={deleting} onClick={() => void remove()}>
                <Trans>Delete</Trans>
              </button>
            </>
          }
        >
          <p>
            <Trans>
              Everything about your account is deleted and your subscription ends now. This cannot be undone.
            </Trans>
          </p>
          <WhatIsKept />
        </Dialog>
      )}
    </section>
  );
}
