// The welcome card (spec §2 "/"): the start button goes to onboarding.
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
            Who followed you, who left, who does not follow back and who keeps viewing your profile: all in one place.
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
