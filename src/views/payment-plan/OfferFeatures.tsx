// What a real account gets, and from where (issue 34): the offer sold profile viewers, sentiment and
// other people's stories without a word of condition. Now each feature names its legitimate source;
// the official API's are listed only where this server has it, and what no legitimate source gives
// (viewers' names, other people's stories) is said to be the sample network's demo, never sold.
import { Trans } from '@lingui/react/macro';

export function OfferFeatures({ official }: { official: boolean }) {
  return (
    <div className="offer__features" data-testid="offer-features">
      <section aria-labelledby="offer-download">
        <h2 id="offer-download">
          <Trans>From your data download</Trans>
        </h2>
        <p className="offer__source">
          <Trans>
            The network’s own “Download your information”: you ask for it once, and it can take up to 48 hours to
            arrive.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>New and lost followers, by name</Trans>
          </li>
          <li>
            <Trans>Who does not follow you back, and who you do not follow back</Trans>
          </li>
          <li>
            <Trans>Mutual followers</Trans>
          </li>
          <li>
            <Trans>How many posts and reels you publish, and how often</Trans>
          </li>
        </ul>
      </section>
      {official && (
        <section aria-labelledby="offer-official">
          <h2 id="offer-official">
            <Trans>For business and creator accounts, from the network’s official API</Trans>
          </h2>
          <ul>
            <li>
              <Trans>Follower counts, and follows and unfollows per day</Trans>
            </li>
            <li>
              <Trans>Post and reel analytics: likes, comments and views</Trans>
            </li>
            <li>
              <Trans>Sentiment of the comments on your posts</Trans>
            </li>
            <li>
              <Trans>Your own stories, with their views</Trans>
            </li>
          </ul>
        </section>
      )}
      <section aria-labelledby="offer-not-sold">
        <h2 id="offer-not-sold">
          <Trans>Not for sale</Trans>
        </h2>
        <p>
          <Trans>
            No legitimate source names who viewed a profile or gives other people’s stories, so Followscope does not
            sell them, and it never logs in as you. The demo account shows them on the sample network, with invented
            data marked as such.
          </Trans>
        </p>
      </section>
    </div>
  );
}
