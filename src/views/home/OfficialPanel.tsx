// The dashboard's official-API line (issue 18): connect, connected as whom and since when, or why the
// connection stopped with the way to reconnect; and Disconnect, which keeps what was collected.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { OfficialConnection } from '../../../common/schema/user.ts';
import { disconnectOfficial } from '../../api/official.ts';
import { Dialog } from '../../app/Dialog.tsx';
import { ConnectOfficialButton, ConnectOfficialText } from '../../app/sources/ConnectOfficial.tsx';
import { showToast } from '../../app/toast.tsx';

export function OfficialPanel({ official }: { official: OfficialConnection }) {
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);

  async function disconnect() {
    setConfirming(false);
    const result = await disconnectOfficial();
    if (!result.ok) {
      showToast(result.error.message);
      return;
    }
    const { writeUserRecord } = await import('../../db/user.ts');
    await writeUserRecord(result.data.user);
    if (result.data.message) showToast(result.data.message, { kind: 'info' });
  }

  if (official.status === 'deauthorized') {
    // Issue 49: the owner removed the app on the network; its callback deleted the token and the figures.
    return (
      <div className="official official--stopped" data-testid="official" data-status={official.status}>
        <p role="status" className="notice">
          <Trans>
            Disconnected by you on the network. Followscope deleted its access and the figures it had from the official
            API. You can connect again at any time.
          </Trans>
        </p>
        <ConnectOfficialButton reconnect />
      </div>
    );
  }
  if (official.status === 'expired' || official.status === 'revoked' || official.status === 'login_required') {
    return (
      <div className="official official--stopped" data-testid="official" data-status={official.status}>
        <p role="alert" className="notice notice--error">
          {official.status === 'expired' ? (
            <Trans>
              Your connection to the network’s official API has expired. Reconnect to keep your figures up to date:
              nothing collected is lost.
            </Trans>
          ) : official.status === 'login_required' ? (
            <Trans>
              The network asks you to log in to it first: it is checking your account. Log in on the network, then
              reconnect here: nothing collected is lost.
            </Trans>
          ) : (
            <Trans>
              Your connection to the network’s official API was removed on the network. Reconnect to keep your figures
              up to date: nothing collected is lost.
            </Trans>
          )}
        </p>
        <ConnectOfficialButton reconnect />
      </div>
    );
  }
  if (official.status === 'none') {
    return (
      <div className="official" data-testid="official" data-status="none">
        <ConnectOfficialText />
        <ConnectOfficialButton />
      </div>
    );
  }
  const name = official.username ?? '';
  return (
    <div className="official" data-testid="official" data-status="active">
      <p className="official__connected">
        <Trans>Connected through the official API as @{name}</Trans>
      </p>
      <button type="button" className="button button--ghost button--wide" onClick={() => setConfirming(true)}>
        <Trans>Disconnect</Trans>
      </button>
      {confirming && (
        <Dialog
          title={<Trans>Disconnect your account?</Trans>}
          onDismiss={() => setConfirming(false)}
          actions={
            <>
              <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
                <Trans>Cancel</Trans>
              </button>
              <button type="button" className="button" onClick={() => void disconnect()}>
                {i18n._(msg`Disconnect`)}
              </button>
            </>
          }
        >
          <p>
            <Trans>
              Followscope forgets its access to your account and stops collecting. The figures already collected stay,
              with their source and date.
            </Trans>
          </p>
        </Dialog>
      )}
    </div>
  );
}
