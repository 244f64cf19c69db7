// The dashboard (spec §2 Home). A login without a subscription sees the activation message (spec §6).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { refreshUserDetail } from '../../app/actions.ts';
import { canCallApi } from '../../app/navigation.ts';
import { useSession } from '../../app/session.ts';
import { showToast } from '../../app/toast.tsx';
import { CoreLoadError, warmUpCollector } from '../../workers/collector.ts';

export default function Home() {
  const { auth } = useSession();
  const { i18n } = useLingui();
  const subscribed = auth?.subscribed ?? false;

  // spec §2: home calls the API when this visit started here or came from the code screen.
  useEffect(() => {
    if (!auth?.token || !canCallApi()) return;
    const controller = new AbortController();
    void refreshUserDetail(controller.signal);
    return () => controller.abort();
  }, [auth?.token]);

  // Subscribers' analyses need the collector core; a broken download is reported now (spec §8).
  useEffect(() => {
    if (!subscribed) return;
    const controller = new AbortController();
    warmUpCollector(controller.signal).catch((error: unknown) => {
      if (error instanceof CoreLoadError) showToast(i18n._(msg`Please clear the browser cache and try again`));
    });
    return () => controller.abort();
  }, [subscribed, i18n]);

  return (
    <section className="screen home">
      <h1>
        <Trans>Dashboard</Trans>
      </h1>
      {auth && !auth.subscribed && (
        <div className="card home__inactive" role="status">
          <p>
            <Trans>Your account is not active anymore. Please make a payment in order to activate your account.</Trans>
          </p>
          <Link href="/paymentplan" className="button">
            <Trans>Activate</Trans>
          </Link>
        </div>
      )}
    </section>
  );
}
