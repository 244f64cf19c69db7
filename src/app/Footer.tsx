// The footer (spec §2 Shell): terms and privacy links, the contact line, the payment support line.
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { supportEmail } from './config.ts';
import type { ShellParts } from './shell-table.ts';

export function Footer({ parts }: { parts: ShellParts }) {
  return (
    <footer className="footer">
      {parts.paymentFooter && (
        <p className="footer__payment">
          <Trans>
            Have a question? <a href={`mailto:${supportEmail}`}>Contact support</a>
          </Trans>
        </p>
      )}
      {parts.legalLinks && (
        <p className="footer__legal">
          <Link href="/termsofservice">
            <Trans>Terms of Service</Trans>
          </Link>
          <span aria-hidden="true"> · </span>
          <Link href="/privacypolicy">
            <Trans>Privacy Policy</Trans>
          </Link>
        </p>
      )}
      {parts.contactLine && (
        <p className="footer__contact">
          <Trans>
            Need help? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </Trans>
        </p>
      )}
      <p className="footer__copyright">© Followscope</p>
    </footer>
  );
}
