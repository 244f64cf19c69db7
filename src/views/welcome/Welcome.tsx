// The welcome card (spec §2 "/"): the start button goes to onboarding. Issue 51: it says what a real
// account gets and what only the sample network's demo shows, as the offer does (OfferFeatures.tsx).
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

export default function Welcome() {
  return (
    <section className="screen welcome">
      <div className="card welcome__card">
        <p className="welcome__brand">Followscope</p>
        <h1>
          <Trans>See the truth about your account</Trans>
        </h1>
        <p className="welcome__lead">
          <Trans>
            Who followed you, who left and who does not follow you back, by name, from your own data download. Profile
            viewers only the demo shows, on its invented sample network: no legitimate source names them.
          </Trans>
        </p>
        <Link href="/onboarding" className="button button--wide">
          <Trans>Start analyzing</Trans>
        </Link>
        <p className="welcome__login">
          <Trans>
            Already a member? <Link href="/existinguserlogin">Log in</Link>
          </Trans>
        </p>
      </div>
    </section>
  );
}
