// The twelve dashboard cards (spec §2 Home), and the download's own two lists after the six (issue 50
// item 5): links, disabled without a subscription. Each figure is
// its source's, marked "Sample data" for the demo; a card no source of the account fills says which
// source would (issue 17), never a 0 that looks measured. The official API's counts say which days
// they count ("7 days to 24 Nov") and, where the API gave none, why (issue 36). Issue 51: a count its
// source has not measured yet reads "—" before a first analysis, new and lost "after your next analysis"
// (or download) after the first, and posts "not in your download" for a download without them.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { FigureGap } from '../../../common/schema/provenance.ts';
import type { OfficialCounts, UserRecord } from '../../../common/schema/user.ts';
import { abbreviate } from '../../analysis/progress.ts';
import { type AccountSources, accountSources } from '../../app/sources/account.ts';
import { gapText, type OfficialCount, windowCount, windowLabel } from '../../app/sources/official-window.ts';
import { SampleMark } from '../../app/sources/SampleMark.tsx';
import { type DataScreen, fillingSource, notInOfficial, screenSources } from '../../app/sources/screens.ts';
import { Unavailable } from '../../app/sources/Unavailable.tsx';

interface Card {
  title: MessageDescriptor;
  path: string;
  screen: DataScreen;
  /**
   * The card's count; null where the source gave none (issue 49), shown as unavailable, never 0; undefined
   * where a record cached before the count existed has none.
   */
  count?: (user: UserRecord) => number | null | undefined;
  /** The record's field the count reads, where the record may say why it is null (issue 51, figure_gaps). */
  field?: 'new_followers' | 'followers_lost' | 'post_count' | 'reel_count';
  /** What the card says for a null count, where "Unavailable" would not say why (issue 50 item 5). */
  missing?: MessageDescriptor;
  /** What the card is called when the official API fills it, where that differs (issue 18). */
  officialTitle?: MessageDescriptor;
  /** The official API's count the card shows over its window of days (issue 36). */
  officialCount?: OfficialCount;
}

export const dashboardCards: Card[] = [
  {
    title: msg`New followers`,
    officialTitle: msg`New followers, 7 days`,
    officialCount: 'follows',
    path: '/newfollowers',
    screen: 'newFollowers',
    count: (u) => u.new_followers,
    field: 'new_followers',
  },
  {
    title: msg`Lost followers`,
    officialTitle: msg`Lost followers, 7 days`,
    officialCount: 'unfollows',
    path: '/followerslost',
    screen: 'followersLost',
    count: (u) => u.followers_lost,
    field: 'followers_lost',
  },
  {
    title: msg`Not following you back`,
    path: '/notfollowsback',
    screen: 'notFollowsBack',
    count: (u) => u.not_follows_back,
  },
  {
    title: msg`You don't follow back`,
    path: '/donotfollowsback',
    screen: 'doNotFollowsBack',
    count: (u) => u.dont_follow_back,
  },
  {
    title: msg`Profile viewers`,
    // The official API counts visits and never names who: the card says what it counts.
    officialTitle: msg`Profile visits, 7 days`,
    officialCount: 'visits',
    path: '/profileview',
    screen: 'profileView',
    count: (u) => u.profile_views_count,
  },
  {
    title: msg`Mutual followers`,
    path: '/mutualfollowing',
    screen: 'mutualFollowing',
    count: (u) => u.mutual_followers,
  },
  {
    title: msg`Requests you sent, not accepted yet`,
    path: '/pending_follow_requests',
    screen: 'pendingFollowRequests',
    count: (u) => u.pending_follow_requests,
    missing: msg`Not in your download`,
  },
  {
    title: msg`Accounts you unfollowed recently`,
    path: '/recently_unfollowed_profiles',
    screen: 'recentlyUnfollowedProfiles',
    count: (u) => u.recently_unfollowed_profiles,
    missing: msg`Not in your download`,
  },
  {
    title: msg`Post analytics`,
    path: '/postanalytics',
    screen: 'postAnalytics',
    count: (u) => u.post_count,
    field: 'post_count',
  },
  {
    title: msg`Reel analytics`,
    path: '/reelanalytics',
    screen: 'reelAnalytics',
    count: (u) => u.reel_count,
    field: 'reel_count',
  },
  { title: msg`Story downloader`, path: '/downloadStories', screen: 'downloadStories' },
  { title: msg`Instagram downloader`, path: '/downloadreel', screen: 'downloadReel' },
  {
    title: msg`Watch stories anonymously`,
    officialTitle: msg`Your stories`,
    path: '/stories',
    screen: 'stories',
    count: (u) => u.stories_count,
  },
  { title: msg`Sentiment analysis`, path: '/sentimentalAnalysis', screen: 'sentimentalAnalysis' },
];

/** What a card shows under its title: its figure with its mark, or why there is none. */
function CardFigure({ card, user, account }: { card: Card; user: UserRecord | undefined; account: AccountSources }) {
  const { i18n } = useLingui();
  if (!user) return null;
  const source = fillingSource(card.screen, account);
  if (!source)
    return (
      <Unavailable
        needs={screenSources[card.screen].otherwise}
        short
        officialHere={account.official !== undefined}
        notInOfficial={notInOfficial(card.screen, account)}
      />
    );
  if (source === 'official' && card.officialCount && user.official_counts) {
    return <OfficialFigure counts={user.official_counts} count={card.officialCount} />;
  }
  const gap = card.count && gapOf(card, user, account);
  const value = card.count?.(user);
  return (
    <>
      {gap ? (
        <Unavailable needs={[]} short gap={gap} />
      ) : value === null ? (
        <span className="unavailable" data-testid="unavailable">
          {card.missing ? i18n._(card.missing) : <Trans>Unavailable</Trans>}
        </span>
      ) : (
        value !== undefined && <strong className="dashboard__count">{abbreviate(value, i18n.locale)}</strong>
      )}
      {source === 'sample' && <SampleMark />}
    </>
  );
}

/**
 * Issue 51: why a card's count is not shown although its source gives it: no analysis of the sample
 * network yet, or what the record says of the field (a first analysis or download, a download without posts).
 */
function gapOf(card: Card, user: UserRecord, account: AccountSources): FigureGap | undefined {
  if (account.demo && !account.figures) return 'no_analysis';
  return card.field ? user.figure_gaps?.[card.field] : undefined;
}

/** An official-API count over the last 7 days the API reported, with those days named; or why it has none. */
function OfficialFigure({ counts, count }: { counts: OfficialCounts; count: OfficialCount }) {
  const { i18n } = useLingui();
  const shown = windowCount(counts, counts.week, count);
  const label = windowLabel(counts.week, i18n);
  return (
    <>
      {label && <span className="dashboard__window">{label}</span>}
      {'value' in shown ? (
        <strong className="dashboard__count">{abbreviate(shown.value, i18n.locale)}</strong>
      ) : (
        <span className="unavailable" data-testid="unavailable" data-gap={shown.gap}>
          {i18n._(msg`Unavailable`)} · {gapText(shown.gap, i18n)}
        </span>
      )}
    </>
  );
}

/** The card's title: an official count's says what it counts, its window of days beside it. */
function titleOf(card: Card, official: boolean, counted: boolean): MessageDescriptor {
  if (!official) return card.title;
  if (counted && card.officialCount === 'visits') return msg`Profile visits`;
  return counted && card.officialCount ? card.title : (card.officialTitle ?? card.title);
}

export function DashboardCards({ user, subscribed }: { user: UserRecord | undefined; subscribed: boolean }) {
  const { i18n } = useLingui();
  const account = accountSources(user);
  return (
    <ul className="dashboard">
      {dashboardCards.map((card) => {
        const body = (
          <>
            <span className="dashboard__title">
              {i18n._(
                titleOf(card, fillingSource(card.screen, account) === 'official', Boolean(user?.official_counts)),
              )}
            </span>
            <CardFigure card={card} user={user} account={account} />
          </>
        );
        return (
          <li key={card.path}>
            {subscribed ? (
              <Link href={card.path} className="card dashboard__card" data-card={card.screen}>
                {body}
              </Link>
            ) : (
              <span
                className="card dashboard__card dashboard__card--disabled"
                aria-disabled="true"
                data-card={card.screen}
              >
                {body}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
