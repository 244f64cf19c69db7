// Post and reel analytics (spec §2): the metrics, then the most liked, most commented and most
// engaged posts, 3 a row, with "view all" past 3. Painted from Dexie, refreshed behind. The metrics say
// their source; one the source lacks says which would give it (issue 17).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { type PostGroupName, postGroupNames } from '../../../common/schema/lists.ts';
import { groupKey, refreshPostAnalysis, refreshPostGroup, unavailable } from '../../app/analytics.ts';
import { Pending } from '../../app/Pending.tsx';
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
import { currentLocale } from '../../i18n/index.ts';
import { ExportButton } from '../export/ExportButton.tsx';
import { BestTime } from './BestTime.tsx';
import { formatMetric, metricRows } from './metrics.ts';
import { PostTile } from './PostTile.tsx';

export const groupTitles: Record<PostGroupName, MessageDescriptor> = {
  mostLiked: msg`Most liked`,
  mostCommented: msg`Most commented`,
  mostEngaged: msg`Most engaged`,
};

/** spec §9: a group shows 3 posts, and "view all" when it has more. */
const GRID = 3;

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
    for (const group of postGroupNames) void refreshPostGroup(group, isReel, controller.signal);
    return () => controller.abort();
  }, [isReel]);

  const metrics = analysis ? (isReel ? analysis.reel_metrics : analysis.metrics) : undefined;
  const locale = currentLocale();
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
      {analysis?.source?.source === 'sample' && <SampleBanner />}
      <SourceLine provenance={analysis?.source} />
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
      {analysis === null && <Pending missing={missing.has('postAnalysis')} />}
      {metrics && (
        <dl className="card metrics" data-testid="metrics">
          {metricRows.map((row) => (
            <div key={row.key} className="metrics__row" data-metric={row.key}>
              <dt>{i18n._(row.label)}</dt>
              <dd>
                {formatMetric(metrics[row.key], row.format, locale) ?? (
                  <Unavailable needs={needs} short officialHere={officialHere} />
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <BestTime />
      {postGroupNames.map((group) => (
        <GroupSection key={group} group={group} isReel={isReel} officialHere={officialHere} />
      ))}
    </section>
  );
}

function GroupSection({
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
        <Pending missing={missing.has(groupKey(group, isReel))} />
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
}
