// "Get your data" (issue 17): an account with no source yet is offered the legitimate ones instead of
// figures. It reads only the cached record, so it shows offline too.
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { ConnectOfficialButton, ConnectOfficialText } from './ConnectOfficial.tsx';

/** `official`: this server offers the official API (the Connect button); else it says it does not yet. */
export function GetYourData({ official = false }: { official?: boolean }) {
  return (
    <section className="card get-your-data" data-testid="get-your-data" aria-labelledby="get-your-data-title">
      <h2 id="get-your-data-title">
        <Trans>Get your data</Trans>
      </h2>
      <p>
        <Trans>
          Followscope shows only true figures from legitimate sources, and never logs in as you. Your account has no
          source yet.
        </Trans>
      </p>
      <ol className="get-your-data__steps">
        <li>
          <strong>
            <Trans>Import your data download</Trans>
          </strong>
          <p>
            <Trans>
              Your followers and the people you follow, by name, from the network’s own “Download your information”. Ask
              for it once; it arrives within 48 hours.
            </Trans>
          </p>
          <Link href="/import" className="button button--wide">
            <Trans>Import your data download</Trans>
          </Link>
        </li>
        <li>
          <strong>
            <Trans>Connect a professional account</Trans>
          </strong>
          {official ? (
            <>
              <ConnectOfficialText />
              <ConnectOfficialButton />
            </>
          ) : (
            <p>
              <Trans>
                Counts, posts, likes, comments and your own stories, from the network’s official API for business and
                creator accounts. This server is not set up for it yet.
              </Trans>
            </p>
          )}
        </li>
      </ol>
    </section>
  );
}
