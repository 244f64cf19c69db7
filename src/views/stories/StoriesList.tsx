// The stories list (spec §2): a two-column grid of the accounts with stories up, loaded a page at a
// time as the bottom comes into view (spec §4 Story paging, §9 page sizes), cached so it reopens
// offline; Refresh resets it. Tapping a card opens the viewer.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fetchStoryPage } from '../../api/stories.ts';
import { holdScreenPaint, useAfterScreenPaint } from '../../app/after-paint.ts';
import { screenTitles } from '../../app/screen-titles.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { accountSources } from '../../app/sources/account.ts';
import { SampleBanner } from '../../app/sources/SampleBanner.tsx';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { fillingSource, screenSources } from '../../app/sources/screens.ts';
import { Unavailable } from '../../app/sources/Unavailable.tsx';
import { isSeen } from '../../app/story-watch.ts';
import { showToast } from '../../app/toast.tsx';
import { UpdatedAt } from '../../app/UpdatedAt.tsx';
import { appendStoryPage, resetStories, useStoryPaging, useStoryUsers } from '../../db/stories.ts';
import { useStoryWatches } from '../../db/story-watches.ts';
import { useUserRecord } from '../../db/user.ts';
import { storyPageRequest } from './paging.ts';
import { type ImageLoading, RetryImage } from './RetryImage.tsx';

const StoryViewer = lazy(() => import('./StoryViewer.tsx'));

/**
 * The cards whose pictures load first: the top row, the largest paint of a phone's first view. Lighthouse
 * counted every request started before that paint, and a browser opens 6 connections to a server over
 * HTTP/1.1: with the next row's pictures beside them, the last ones waited a round trip (issue 31).
 */
const FIRST_ROW = 2;

export default function StoriesList({ screen }: ScreenProps) {
  const { i18n } = useLingui();
  const user = useUserRecord();
  const account = accountSources(user);
  const users = useStoryUsers();
  const paging = useStoryPaging();
  const watched = useStoryWatches();
  const [loading, setLoading] = useState(false);
  const [viewing, setViewing] = useState<number>();
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const done = paging?.nextId === '';
  const firstPictureShown = useRef<() => void>(undefined);
  // The other cards' pictures are work the first view does not need: they load once it has painted.
  const restMayLoad = useAfterScreenPaint();
  // Issue 17: other people's stories are the sample network's demo only; a real account is told so.
  // Issue 18: a connected professional account sees its own stories, from the official API.
  const source = fillingSource('stories', account);
  const unavailable = account.known && !source;

  /** Loads the next page (the first again with `refresh`); whether it brought pictures to show. */
  async function loadNext(refresh = false): Promise<boolean> {
    if (busy.current || (!refresh && (done || paging === undefined || users === undefined))) return false;
    busy.current = true;
    setLoading(true);
    try {
      const first = refresh || !paging;
      const { size, callDB } = storyPageRequest(first, user?.stories_count ?? 0, first ? 0 : (users?.length ?? 0));
      const result = await fetchStoryPage({
        size,
        id: first ? '0' : (paging?.nextId ?? '0'),
        callDB,
        refresh,
        email: user?.email ?? '',
      });
      if (!result.ok) {
        showToast(result.error.message);
        return false;
      }
      if (refresh) await resetStories();
      await appendStoryPage(result.data.stories, result.data.nextId, result.data.source);
      return result.data.stories.length > 0;
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }

  // Issue 31: on a first visit the page's pictures are the screen's largest paint, so the page is fetched
  // at once (not a frame later, when the bottom is seen) and the app's other work waits until the first
  // picture shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the screen's first render.
  useLayoutEffect(() => {
    if (paging !== null || unavailable) return;
    const release = holdScreenPaint();
    firstPictureShown.current = release;
    void loadNext().then((pictures) => {
      if (!pictures) release();
    }, release);
    return release;
  }, []);

  // spec §2: a bottom sentinel loads more while there is a next page.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || done || viewing !== undefined) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadNext();
    });
    observer.observe(element);
    return () => observer.disconnect();
  });

  const back = (
    <Link href="/home" className="icon-button" aria-label={i18n._(msg`Back`)}>
      ←
    </Link>
  );
  const title = <h1>{i18n._(screenTitles[screen])}</h1>;
  if (unavailable) {
    return (
      <section className="screen stories" data-screen={screen}>
        <header className="stories__header">
          {back}
          {title}
        </header>
        <p className="card">
          <Unavailable needs={screenSources.stories.otherwise} officialHere={account.official !== undefined} />
        </p>
      </section>
    );
  }

  return (
    <section className="screen stories" data-screen={screen}>
      <header className="stories__header">
        {back}
        {title}
        <button
          type="button"
          className="icon-button"
          aria-label={i18n._(msg`Refresh`)}
          disabled={loading}
          onClick={() => void loadNext(true)}
        >
          ↻
        </button>
      </header>
      {source === 'sample' && <SampleBanner />}
      {source === 'official' && (
        <p className="stories__own">
          <Trans>Your own stories, from the network’s official API. No legitimate source gives other people’s.</Trans>
        </p>
      )}
      {/* Before the first page, its source and time keep their room: they come with it (issue 31). */}
      <SourceLine provenance={paging?.source} pending={!paging} />
      <UpdatedAt time={paging?.updatedAt} pending={!paging} />
      <ul className="stories__grid">
        {users?.map((story, index) => {
          const seen = isSeen(story, watched);
          const loading: ImageLoading = index < FIRST_ROW ? 'first' : restMayLoad ? 'lazy' : 'held';
          return (
            <li key={story.id}>
              <button
                type="button"
                className={seen ? 'story-card story-card--seen' : 'story-card'}
                data-username={story.username}
                data-seen={seen}
                onClick={() => setViewing(index)}
              >
                <RetryImage
                  className="story-card__thumbnail"
                  src={story.thumbnail_image}
                  loading={loading}
                  onShown={index === 0 ? () => firstPictureShown.current?.() : undefined}
                />
                <RetryImage className="story-card__avatar" src={story.profile_image} loading={loading} />
                <span className="story-card__name">@{story.username}</span>
                {seen && (
                  <span className="story-card__seen">
                    <Trans>Seen</Trans>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <div ref={sentinel} className="stories__sentinel" />
      {loading && (
        <p className="follower-list__end" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      )}
      {done && users?.length === 0 && (
        <div className="stories__empty">
          <p>
            <strong>
              <Trans>No story available</Trans>
            </strong>
          </p>
          <p>
            <Trans>No information shown</Trans>
          </p>
        </div>
      )}
      {done && (users?.length ?? 0) > 0 && (
        <p className="follower-list__end">
          <Trans>All stories loaded</Trans>
        </p>
      )}
      {viewing !== undefined && users && (
        <Suspense fallback={null}>
          <StoryViewer users={users} start={viewing} onClose={() => setViewing(undefined)} />
        </Suspense>
      )}
    </section>
  );
}
