// View all (spec §2): the whole group in a three-column grid, each thumbnail linking to its post.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { type PostGroupName, postGroupNames } from '../../../common/schema/lists.ts';
import { groupKey, refreshPostGroup, unavailable } from '../../app/analytics.ts';
import { Pending } from '../../app/Pending.tsx';
import { screenTitles } from '../../app/screen-titles.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { accountSources } from '../../app/sources/account.ts';
import { SampleBanner } from '../../app/sources/SampleBanner.tsx';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { fillingSource, screenSources } from '../../app/sources/screens.ts';
import { Unavailable } from '../../app/sources/Unavailable.tsx';
import { usePostGroup, wholeGroup } from '../../db/posts.ts';
import { useUserRecord } from '../../db/user.ts';
import { groupTitles } from '../post-analytics/group-titles.ts';
import { PostTile } from '../post-analytics/PostTile.tsx';

const isGroup = (name: string | null): name is PostGroupName => postGroupNames.some((group) => group === name);

export default function ViewAllPosts({ screen }: ScreenProps) {
  const { i18n } = useLingui();
  const params = new URLSearchParams(useSearch());
  const name = params.get('name');
  const isReel = params.get('isReel') === 'true';
  if (!isGroup(name)) {
    return (
      <section className="screen analytics" data-screen={screen}>
        <h1>{i18n._(screenTitles[screen])}</h1>
        <p className="notice notice--error" role="alert">
          <Trans>This list does not exist.</Trans>
        </p>
        <Link href="/home" className="button">
          <Trans>Back to the dashboard</Trans>
        </Link>
      </section>
    );
  }
  return <Grid screen={screen} group={name} isReel={isReel} />;
}

function Grid({ screen, group, isReel }: { screen: ScreenProps['screen']; group: PostGroupName; isReel: boolean }) {
  const { i18n } = useLingui();
  const row = usePostGroup(group, isReel);
  const missing = unavailable.use();
  const account = accountSources(useUserRecord());
  useEffect(() => {
    const controller = new AbortController();
    void refreshPostGroup(group, isReel, controller.signal);
    return () => controller.abort();
  }, [group, isReel]);
  const header = (
    <header className="post-group__header">
      <Link href={isReel ? '/reelanalytics' : '/postanalytics'} className="icon-button" aria-label={i18n._(msg`Back`)}>
        ←
      </Link>
      <h1>{i18n._(groupTitles[group])}</h1>
    </header>
  );
  // Issue 17: ranking posts needs likes and comments, which only some sources give.
  if (account.known && !fillingSource('viewAllPosts', account)) {
    return (
      <section className="screen analytics" data-screen={screen}>
        {header}
        <p className="card">
          <Unavailable needs={screenSources.viewAllPosts.otherwise} officialHere={account.official !== undefined} />
        </p>
      </section>
    );
  }
  return (
    <section className="screen analytics" data-screen={screen}>
      {header}
      {/* Before the group is here, the account says whether it will be the sample's (issue 31). */}
      {(row?.source ? row.source.source === 'sample' : account.demo) && <SampleBanner />}
      <SourceLine provenance={row?.source} pending={!row} />
      {row === null && <Pending missing={missing.has(groupKey(group, isReel))} />}
      {row?.unavailable && (
        <p className="post-group__empty">
          <Unavailable needs={row.needs ?? ['official']} officialHere={account.official !== undefined} />
        </p>
      )}
      {row && !row.unavailable && row.posts.length === 0 && (
        <p className="post-group__empty">
          <Trans>No post available</Trans>
        </p>
      )}
      {row && row.posts.length > 0 && (
        <div className="post-grid" data-testid="view-all-grid">
          {row.posts.map((post) => (
            <PostTile key={post.post_short_code} post={post} sample={row.source?.source === 'sample'} />
          ))}
        </div>
      )}
      {/* Post analytics stored the first posts only: the rest follow, or need a connection. */}
      {row && !row.unavailable && !wholeGroup(row) && <Pending missing={missing.has(groupKey(group, isReel))} />}
    </section>
  );
}
