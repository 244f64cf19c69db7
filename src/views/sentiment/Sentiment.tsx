// Sentiment analysis (spec §2, §4): a grid of the most commented posts; tapping one runs the
// analysis in the collector worker and opens the detail; Back returns to the grid and clears it.
// A report once read is kept, so the detail reopens offline.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Post } from '../../../common/schema/lists.ts';
import { analysePostSentiment } from '../../api/posts.ts';
import { groupKey, refreshPostGroup, unavailable } from '../../app/analytics.ts';
import { Pending } from '../../app/Pending.tsx';
import { screenTitles } from '../../app/screen-titles.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { accountSources } from '../../app/sources/account.ts';
import { SampleBanner } from '../../app/sources/SampleBanner.tsx';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { type DataScreen, fillingSource, screenSources } from '../../app/sources/screens.ts';
import { Unavailable } from '../../app/sources/Unavailable.tsx';
import { showToast } from '../../app/toast.tsx';
import { db } from '../../db/db.ts';
import { usePostGroup, useSentiment, wholeGroup, writeSentiment } from '../../db/posts.ts';
import { useUserRecord } from '../../db/user.ts';
import { PostTile } from '../post-analytics/PostTile.tsx';

// The detail (its chart and carousel) loads when a post is opened, not with the grid (issue 31).
const SentimentDetail = lazy(() =>
  import('./SentimentDetail.tsx').then((module) => ({ default: module.SentimentDetail })),
);

const GRID_SIZE = 12;

export default function Sentiment({ screen }: ScreenProps) {
  const { i18n } = useLingui();
  const posts = usePostGroup('mostCommented', false);
  const reels = usePostGroup('mostCommented', true);
  const missing = unavailable.use();
  const account = accountSources(useUserRecord());
  const [selected, setSelected] = useState<Post>();
  const [running, setRunning] = useState<string>();
  const cached = useSentiment(selected?.post_short_code);
  const controller = useRef<AbortController>(undefined);
  // The post whose detail was last open: its tile takes the focus back when the grid returns.
  const returnTo = useRef<string>(undefined);

  useEffect(() => {
    const refresh = new AbortController();
    void refreshPostGroup('mostCommented', false, refresh.signal);
    void refreshPostGroup('mostCommented', true, refresh.signal);
    return () => {
      refresh.abort();
      controller.current?.abort();
    };
  }, []);

  // Posts and reels are sorted together, so no tile may show before its place is final (issue 31: tiles
  // moved sideways, CLS 0.02). The grid waits until both groups are here (cached or answered) or known
  // missing. A group cached with its first posts only (post analytics keeps 3) fixes only that many
  // places of the sorted whole: the rest come with the whole groups, after them (offline, all it has).
  const here = (row: typeof posts, isReel: boolean) =>
    (row !== null && row !== undefined) || missing.has(groupKey('mostCommented', isReel));
  const coming = (row: typeof posts, isReel: boolean) =>
    row && !wholeGroup(row) && !missing.has(groupKey('mostCommented', isReel)) ? [row.posts.length] : [];
  const partial = [...coming(posts, false), ...coming(reels, true)];
  const grid =
    here(posts, false) && here(reels, true)
      ? [...(posts?.posts ?? []), ...(reels?.posts ?? [])]
          .sort((a, b) => b.value - a.value)
          .slice(0, Math.min(GRID_SIZE, ...partial))
      : [];

  async function open(post: Post) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const known = await db.sentiment.get(post.post_short_code);
    // Back (or another post) during a wait here: this post is not opened again behind the user's back.
    if (current.signal.aborted) return;
    // A report read before opens at once; a fresh one replaces it when it arrives.
    if (known) setSelected(post);
    setRunning(post.post_short_code);
    const result = await analysePostSentiment(post.post_short_code, current.signal);
    if (current.signal.aborted) return;
    setRunning(undefined);
    if (result.ok) {
      await writeSentiment(post.post_short_code, result.data);
      if (current.signal.aborted) return;
      setSelected(post);
    } else if (!known) {
      // spec §4: a falsy status shows the (sentiment) high-traffic message instead of the detail.
      showToast(result.error.message);
    }
  }

  function back() {
    controller.current?.abort();
    setRunning(undefined);
    returnTo.current = selected?.post_short_code;
    setSelected(undefined);
  }

  useEffect(() => {
    if (selected || !returnTo.current) return;
    document.querySelector<HTMLElement>(`.post-tile[data-code="${CSS.escape(returnTo.current)}"]`)?.focus();
    returnTo.current = undefined;
  }, [selected]);

  if (selected && cached) {
    return (
      <Suspense fallback={<section className="screen analytics" aria-busy="true" />}>
        <SentimentDetail
          screen={screen}
          post={selected}
          report={cached.report}
          refreshing={running === selected.post_short_code}
          onBack={back}
        />
      </Suspense>
    );
  }

  // Issue 17: comments come only from the sample network (its demo) or the official API (next).
  if (account.known && !fillingSource(screen as DataScreen, account)) {
    return (
      <section className="screen analytics" data-screen={screen}>
        <h1>{i18n._(screenTitles[screen])}</h1>
        <p className="card">
          <Unavailable
            needs={screenSources.sentimentalAnalysis.otherwise}
            officialHere={account.official !== undefined}
          />
        </p>
      </section>
    );
  }

  return (
    <section className="screen analytics" data-screen={screen}>
      <h1>{i18n._(screenTitles[screen])}</h1>
      {account.demo && <SampleBanner />}
      <SourceLine provenance={posts?.source ?? reels?.source} pending={!posts && !reels} />
      <p className="analytics__hint">
        <Trans>Pick a post to read how its commenters feel.</Trans>
      </p>
      {(posts === null || reels === null) && grid.length === 0 && (
        <Pending
          missing={missing.has(groupKey('mostCommented', false)) && missing.has(groupKey('mostCommented', true))}
        />
      )}
      {posts && reels && grid.length === 0 && (
        <p className="post-group__empty">
          <Trans>No post available</Trans>
        </p>
      )}
      <div className="post-grid" data-testid="sentiment-grid" aria-busy={running !== undefined}>
        {grid.map((post) => (
          <div key={post.post_short_code} className="post-grid__cell">
            <PostTile post={post} onOpen={(chosen) => void open(chosen)} />
            {running === post.post_short_code && (
              <span className="post-tile__busy" role="status">
                <Trans>Reading the comments…</Trans>
              </span>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
