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
import {
  type Card as CardEntry,
  type CardScreen,
  cardScreens,
  type OfficialCount,
  screenEntry,
} from '../../../common/screens.ts';
import { abbreviate } from '../../analysis/progress.ts';
import { screenTitles } from '../../app/screen-titles.ts';
import { type AccountSources, accountSources } from '../../app/sources/account.ts';
import { gapText, windowCount, windowLabel } from '../../app/sources/official-window.ts';
import { SampleMark } from '../../app/sources/SampleMark.tsx';
import { type DataScreen, fillingSource, notInOfficial, screenSources } from '../../app/sources/screens.ts';
import { Unavailable } from '../../app/sources/Unavailable.tsx';

/** A card as the dashboard shows it: its screen's entry (common/screens.ts), its link and its words. */
interface Card extends CardEntry {
  screen: CardScreen;
  path: string;
  title: MessageDescriptor;
  /** What the card is called when the official API fills it, where that differs. */
  officialTitle?: MessageDescriptor;
}

/**
 * The cards' words where they are not their screen's title: spec §2 names the stories card by what it
 * does, and a card the official API fills says it counts 7 days (or what it counts).
 */
const cardWords: Partial<Record<CardScreen, Partial<Pick<Card, 'title' | 'officialTitle'>>>> = {
  newFollowers: { officialTitle: msg`New followers, 7 days` },
  followersLost: { officialTitle: msg`Lost followers, 7 days` },
  // The official API counts visits and never names who: the card says what it counts.
  profileViews: { officialTitle: msg`Profile visits, 7 days` },
  stories: { title: msg`Watch stories anonymously`, officialTitle: msg`Your stories` },
};

/** spec §2's twelve cards and the download's own two lists, in the screens' table's order. */
export const dashboardCards: Card[] = cardScreens.map((screen) => {
  const entry = screenEntry(screen);
  return {
    ...entry.card,
    screen,
    path: entry.paths[0] as string,
    title: screenTitles[screen],
    ...cardWords[screen],
  };
});

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
  const value = card.count && (user[card.count] as number | null | undefined);
  return (
    <>
      {gap ? (
        <Unavailable needs={[]} short gap={gap} />
      ) : value === null ? (
        <span className="unavailable" data-testid="unavailable">
          {card.notInDownload ? <Trans>Not in your download</Trans> : <Trans>Unavailable</Trans>}
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
  return card.gaps ? user.figure_gaps?.[card.count as string] : undefined;
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
