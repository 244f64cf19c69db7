// "Connect your account" (issue 18): sends the owner to the network's own consent page for the official
// API; the owner's password never passes through Followscope. Shown only when this server has an
// official-API app (the user record then carries `official`).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { officialConsentUrl } from '../../api/official.ts';
import { showToast } from '../toast.tsx';

export function ConnectOfficialButton({ reconnect = false }: { reconnect?: boolean }) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);

  async function connect() {
    if (!navigator.onLine) {
      showToast(i18n._(msg`You are offline. Connect your account when you are back online.`));
      return;
    }
    setBusy(true);
    const result = await officialConsentUrl();
    if (!result.ok) {
      setBusy(false);
      showToast(result.error.message);
      return;
    }
    // The network's page, then back to /connected: a whole navigation, as consent pages require.
    window.location.assign(result.data);
  }

  return (
    <button type="button" className="button button--wide" onClick={() => void connect()} disabled={busy}>
      {reconnect ? <Trans>Reconnect your account</Trans> : <Trans>Connect your account</Trans>}
    </button>
  );
}

/** What connecting gives, said before the owner leaves for the consent page. */
export function ConnectOfficialText() {
  return (
    <p>
      <Trans>
        Business and creator accounts can connect through the network’s official API: you say yes on the network’s own
        page, and Followscope never sees your password. Your counts, posts, likes, comments and own stories then come
        from the network itself.
      </Trans>
    </p>
  );
}
