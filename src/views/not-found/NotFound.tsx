// The not-found page (spec §2 "any other path", §8): text with a home button.
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

export default function NotFound() {
  return (
    <section className="screen not-found">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link href="/" className="button">
        <Trans>Go home</Trans>
      </Link>
    </section>
  );
}
