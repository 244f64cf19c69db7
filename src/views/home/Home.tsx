// The dashboard (spec §2 Home): the account, Start analysis with its progress (spec §4), and the
// twelve cards, disabled without a subscription (spec §6). Every figure says its source; an account
// with none is offered "Get your data" (issue 17).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { INVALID_INSTA_ID } from '../../../common/schema/user.ts';
import { abbreviate, estimateMinutes, LONG_WAIT_MINUTES, WAIT_ALERT_TICKS } from '../../analysis/progress.ts';
import { refreshUserDetail } from '../../app/actions.ts';
import { useAfterScreenPaint } from '../../app/after-paint.ts';
import { abortAnalysis, analysisState, dismissPrivateAlert, runAnalysis } from '../../app/analysis.ts';
import { Dialog } from '../../app/Dialog.tsx';
import { canCallApi } from '../../app/navigation.ts';
import { useSession } from '../../app/session.ts';
import { accountSources } from '../../app/sources/account.ts';
import { GetYourData } from '../../app/sources/GetYourData.tsx';
import { SampleBanner } from '../../app/sources/SampleBanner.tsx';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { Unavailable } from '../../app/sources/Unavailable.tsx';
import { showToast } from '../../app/toast.tsx';
import { useUserRecord } from '../../db/user.ts';
import { CoreLoadError, warmUpCollector } from '../../workers/collector.ts';
import { ClearsAppBadge } from '../notifications/ClearsAppBadge.tsx';
import { NotificationsInvitation } from '../notifications/NotificationsInvitation.tsx';
import { DashboardCards } from './DashboardCards.tsx';
import { InsightPanel } from './InsightPanel.tsx';
import { OfficialPanel } from './OfficialPanel.tsx';
import { ProgressPanel } from './ProgressPanel.tsx';

// uPlot comes with the chart, not with the dashboard's first paint.
const GrowthChart = lazy(() => import('./GrowthChart.tsx'));

export default function Home() {
  const { auth } = useSession();
  const { i18n } = useLingui();
  const user = useUserRecord();
  const analysis = analysisState.use();
  const [confirmLong, setConfirmLong] = useState(false);
  const [blocked, setBlocked] = useState<string>();
  const subscribed = auth?.subscribed ?? false;
  const account = accountSources(user);
  // A connected account is collected from the official API (issue 18).
  const collects = !account.demo && account.official?.status === 'active';

  // spec §2: home calls the API when this visit started here or came from the code screen.
  useEffect(() => {
    if (!auth?.token || !canCallApi()) return;
    const controller = new AbortController();
    void refreshUserDetail(controller.signal);
    return () => controller.abort();
  }, [auth?.token]);

  // Subscribers' analyses need the collector core; a broken download is reported now (spec §8).
  // After the dashboard's paint (issue 31), as the growth chart's code.
  const painted = useAfterScreenPaint();
  useEffect(() => {
    if (!subscribed || !painted) return;
    const controller = new AbortController();
    warmUpCollector(controller.signal).catch((error: unknown) => {
      if (error instanceof CoreLoadError) showToast(i18n._(msg`Please clear the browser cache and try again`));
    });
    return () => controller.abort();
  }, [subscribed, painted, i18n]);

  // Issue 51: before a first analysis the totals are not 0 but not measured yet: "—".
  const total = (count: number | undefined) =>
    user && !account.figures ? <Unavailable needs={[]} short gap="no_analysis" /> : abbreviate(count ?? 0, i18n.locale);

  // The official API's collection reads media, not follower lists: its time does not grow with followers.
  const estimate = collects ? 1 : estimateMinutes(user?.total_followers ?? 0, user?.total_following ?? 0);

  function start(confirmed = false) {
    // spec §4: an invalid username with its stored message blocks the analysis.
    if (user?.insta_id === INVALID_INSTA_ID && user.invalidUsernameMessage) {
      setBlocked(user.invalidUsernameMessage);
      return;
    }
    if (!confirmed && estimate > LONG_WAIT_MINUTES) {
      setConfirmLong(true);
      return;
    }
    setConfirmLong(false);
    void runAnalysis(estimate, user);
  }

  const running = analysis.status === 'running';
  return (
    <section className="screen home">
      <h1>
        <Trans>Dashboard</Trans>
      </h1>
      {auth && !subscribed && (
        <div className="card home__inactive" role="status">
          <p>
            <Trans>Your account is not active anymore. Please make a payment in order to activate your account.</Trans>
          </p>
          <Link href="/paymentplan" className="button">
            <Trans>Activate</Trans>
          </Link>
        </div>
      )}
      {subscribed && account.demo && <SampleBanner />}
      {subscribed && user && !account.hasAny && <GetYourData official={account.official !== undefined} />}
      {subscribed && (!user || account.hasAny) && (
        <div className="card home__account">
          <div className="home__totals">
            <span>
              <strong data-testid="total-followers">{total(user?.total_followers)}</strong> <Trans>followers</Trans>
            </span>
            <span>
              <strong>{total(user?.total_following)}</strong> <Trans>following</Trans>
            </span>
          </div>
          {account.figures ? (
            <SourceLine provenance={account.figures} className="home__updated" />
          ) : (
            <p className="home__updated">
              <Trans>No analysis yet: start your first one.</Trans>
            </p>
          )}
          {(blocked ?? (user?.insta_id === INVALID_INSTA_ID ? user.invalidUsernameMessage : undefined)) && (
            <p className="notice notice--error" role="alert">
              {blocked ?? user?.invalidUsernameMessage}
            </p>
          )}
          {/* The sample network collects its own accounts, the official API a connected one (issue 18); a real
              account's lists come from its download (issue 17). */}
          {(account.demo || collects) &&
            (running ? (
              <ProgressPanel
                progress={analysis.progress}
                estimate={analysis.estimate}
                onAbort={() => void abortAnalysis()}
              />
            ) : (
              <button type="button" className="button button--wide" onClick={() => start()}>
                {collects ? <Trans>Refresh from the official API</Trans> : <Trans>Start analysis</Trans>}
              </button>
            ))}
          <Link href="/import" className="button button--ghost button--wide">
            <Trans>Import your data download</Trans>
          </Link>
          {account.official && !account.demo && <OfficialPanel official={account.official} />}
        </div>
      )}
      <DashboardCards user={user} subscribed={subscribed} />
      <ClearsAppBadge />
      {subscribed && account.hasAny && (
        <>
          {/* Issue 33: after the first collection; it comes with the panels below it, so it moves nothing shown. */}
          {account.figures && <NotificationsInvitation />}
          <InsightPanel user={user} />
          {painted && (
            <Suspense fallback={null}>
              <GrowthChart lastUpdated={user?.last_updated_at} figures={account.figures} />
            </Suspense>
          )}
        </>
      )}
      {confirmLong && (
        <Dialog
          title={<Trans>This will take a while</Trans>}
          onDismiss={() => setConfirmLong(false)}
          actions={
            <>
              <button type="button" className="button button--ghost" onClick={() => setConfirmLong(false)}>
                <Trans>Cancel</Trans>
              </button>
              <button type="button" className="button" onClick={() => start(true)}>
                <Trans>Start anyway</Trans>
              </button>
            </>
          }
        >
          <p>
            <Trans>Your account is large: the analysis may take about {estimate} minutes.</Trans>
          </p>
        </Dialog>
      )}
      {running && (analysis.progress?.tick ?? 0) >= WAIT_ALERT_TICKS && <WaitAlertOnce />}
      {analysis.status === 'private' && (
        <Dialog
          role="alertdialog"
          title={<Trans>This account is private</Trans>}
          onDismiss={dismissPrivateAlert}
          actions={
            <button type="button" className="button" onClick={dismissPrivateAlert}>
              <Trans>OK</Trans>
            </button>
          }
        >
          <p>
            <Trans>Make your account public to see its analysis. Until then every figure stays at zero.</Trans>
          </p>
        </Dialog>
      )}
    </section>
  );
}

/** spec §4: a wait alert after 150 ticks, once per analysis. */
function WaitAlertOnce() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <Dialog
      title={<Trans>Still working on it</Trans>}
      onDismiss={() => setOpen(false)}
      actions={
        <button type="button" className="button" onClick={() => setOpen(false)}>
          <Trans>OK</Trans>
        </button>
      }
    >
      <p>
        <Trans>Large accounts take longer to analyse. You can keep this page open; we keep going.</Trans>
      </p>
    </Dialog>
  );
}
