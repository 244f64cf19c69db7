// Post and reel analytics (spec §2): the metrics, then the most liked, most commented and most
// engaged posts, 3 a row, with "view all" past 3. Painted from Dexie, refreshed behind. The metrics say
// their source; one the source lacks says which would give it (issue 17).
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { memo, useEffect } from 'react';
import { Link } from 'wouter';
import { type PostGroupName, postGroupNames } from '../../../common/schema/lists.ts';
import { groupKey, refreshPostAnalysis, refreshPostGroup, unavailable } from '../../app/analytics.ts';
import { screenTitles } from '../../app/screen-titles.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { accountSources } from '../../app/sources/account.ts';
import { GetYourData } from '../../app/sources/GetYourData.tsx';
import { SampleBanner } from '../../app/sources/SampleBanner.tsx';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { Unavailable } from '../../app/sources/Unavailable.tsx';
import { UpdatedAt } from '../../app/UpdatedAt.tsx';
import { usePostAnalysis, usePostGroup } from '../../db/posts.ts';
import { useUserRecord } from '../../db/user.ts';
import { ExportButton } from '../export/ExportButton.tsx';
import { BestTime } from './BestTime.tsx';
import { GridPending } from './GridPending.tsx';
import { groupTitles } from './group-titles.ts';
import { MetricsCard } from './MetricsCard.tsx';
import { PostTile } from './PostTile.tsx';

/** spec §9: a group shows 3 posts, and "view all" when it has more. */
const GRID = 3;

// The screen renders again when its metrics come or are refreshed; best time (24 hours formatted in the
// reader's zone) and the groups follow their own rows instead of rendering with it each time: on a phone's
// slow CPU each such render was a task of 100 ms or more in the screen's first seconds (issue 31).
const BestTimeCard = memo(BestTime);

export default function PostAnalytics({ screen }: ScreenProps) {
  const { i18n } = useLingui();
  const isReel = screen === 'reelAnalytics';
  const analysis = usePostAnalysis();
  const missing = unavailable.use();
  const account = accountSources(useUserRecord());
  // Issue 34: where this server has no official-API app, it is not offered as a way to a figure.
  const officialHere = account.official !== undefined;

  useEffect(() => {
    const controller = new AbortController();
    void refreshPostAnalysis(controller.signal);
    // Only the 3 posts a group shows: view all asks for the rest (issue 31: the whole groups were the
    // screen's largest answers, parsed and stored on a phone's slow CPU before its first paint settled).
    for (const group of postGroupNames) void refreshPostGroup(group, isReel, controller.signal, GRID);
    return () => controller.abort();
  }, [isReel]);

  const metrics = analysis ? (isReel ? analysis.reel_metrics : analysis.metrics) : undefined;
  // What a metric the source lacks would need; rows cached before issue 17 say "official API".
  const needs = analysis?.unavailable?.needs ?? ['official'];
  if (account.known && !account.hasAny) {
    return (
      <section className="screen analytics" data-screen={screen}>
        <h1>{i18n._(screenTitles[screen])}</h1>
        <GetYourData official={account.official !== undefined} />
      </section>
    );
  }
  return (
    <section className="screen analytics" data-screen={screen}>
      <h1>{i18n._(screenTitles[screen])}</h1>
      {/* Before the analysis is here, the account says whether its figures will be the sample's (issue 31). */}
      {(analysis?.source ? analysis.source.source === 'sample' : account.demo) && <SampleBanner />}
      <SourceLine provenance={analysis?.source} pending={!analysis} />
      <div className="export-row">
        <UpdatedAt time={analysis?.updatedAt} />
        {analysis && (
          <ExportButton
            request={{
              kind: 'posts',
              posts: isReel ? 'reels' : 'posts',
              suggestedName: `followscope-${isReel ? 'reel' : 'post'}-analytics-${new Date().toISOString().slice(0, 10)}.csv`,
            }}
          />
        )}
      </div>
      <MetricsCard
        metrics={metrics}
        needs={needs}
        officialHere={officialHere}
        missing={!analysis && missing.has('postAnalysis')}
        gaps={analysis?.gaps}
      />
      <BestTimeCard />
      {postGroupNames.map((group) => (
        <GroupSection key={group} group={group} isReel={isReel} officialHere={officialHere} />
      ))}
    </section>
  );
}

const GroupSection = memo(function GroupSection({
  group,
  isReel,
  officialHere,
}: {
  group: PostGroupName;
  isReel: boolean;
  officialHere: boolean;
}) {
  const { i18n } = useLingui();
  const row = usePostGroup(group, isReel);
  const missing = unavailable.use();
  if (row === undefined) return null;
  return (
    <section className="post-group" data-group={group}>
      <header className="post-group__header">
        <h2>{i18n._(groupTitles[group])}</h2>
        {row && row.post_count > GRID && (
          <Link href={`/viewAllPosts?name=${group}&isReel=${isReel}`} className="post-group__all">
            <Trans>View all</Trans>
          </Link>
        )}
      </header>
      {row === null ? (
        <GridPending count={GRID} missing={missing.has(groupKey(group, isReel))} />
      ) : row.unavailable ? (
        <p className="post-group__empty">
          <Unavailable needs={row.needs ?? ['official']} officialHere={officialHere} />
        </p>
      ) : row.posts.length === 0 ? (
        <p className="post-group__empty">
          <Trans>No post available</Trans>
        </p>
      ) : (
        <div className="post-grid">
          {row.posts.slice(0, GRID).map((post) => (
            <PostTile key={post.post_short_code} post={post} sample={row.source?.source === 'sample'} />
          ))}
        </div>
      )}
    </section>
  );
});
