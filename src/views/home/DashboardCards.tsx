// The twelve dashboard cards (spec §2 Home): links, disabled without a subscription.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from 'wouter';
import { abbreviate } from '../../analysis/progress.ts';
import type { UserRecord } from '../../api/schema/user.ts';

interface Card {
  title: MessageDescriptor;
  path: string;
  count?: (user: UserRecord) => number;
  /** A data download does not hold this figure (issue 9): the card says so instead of a zero. */
  notInDownloads?: boolean;
}

export const dashboardCards: Card[] = [
  { title: msg`New followers`, path: '/newfollowers', count: (u) => u.new_followers },
  { title: msg`Lost followers`, path: '/followerslost', count: (u) => u.followers_lost },
  { title: msg`Not following you back`, path: '/notfollowsback', count: (u) => u.not_follows_back },
  { title: msg`You don't follow back`, path: '/donotfollowsback', count: (u) => u.dont_follow_back },
  { title: msg`Profile viewers`, path: '/profileview', count: (u) => u.profile_views_count, notInDownloads: true },
  { title: msg`Mutual followers`, path: '/mutualfollowing', count: (u) => u.mutual_followers },
  { title: msg`Post analytics`, path: '/postanalytics', count: (u) => u.post_count },
  { title: msg`Reel analytics`, path: '/reelanalytics', count: (u) => u.reel_count },
  { title: msg`Story downloader`, path: '/downloadStories' },
  { title: msg`Instagram downloader`, path: '/downloadreel' },
  { title: msg`Watch stories anonymously`, path: '/stories', count: (u) => u.stories_count },
  { title: msg`Sentiment analysis`, path: '/sentimentalAnalysis' },
];

export function DashboardCards({ user, subscribed }: { user: UserRecord | undefined; subscribed: boolean }) {
  const { i18n } = useLingui();
  return (
    <ul className="dashboard">
      {dashboardCards.map((card) => {
        const body = (
          <>
            <span className="dashboard__title">{i18n._(card.title)}</span>
            {card.notInDownloads && user?.data_source === 'download' ? (
              <span className="dashboard__unavailable">{i18n._(msg`Unavailable for imported data`)}</span>
            ) : (
              card.count && <strong className="dashboard__count">{abbreviate(user ? card.count(user) : 0)}</strong>
            )}
          </>
        );
        return (
          <li key={card.path}>
            {subscribed ? (
              <Link href={card.path} className="card dashboard__card">
                {body}
              </Link>
            ) : (
              <span className="card dashboard__card dashboard__card--disabled" aria-disabled="true">
                {body}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
