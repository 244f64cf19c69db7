// The six follower lists (spec §2 Lists), and the download's own two (issue 50 item 5: requests sent
// and not accepted, accounts unfollowed recently): 15 a page, more as the bottom comes into view, painted
// from the cache (so a list opened once opens offline), and only the rows on screen are rendered. A name
// opens the profile on the network, unless it is the sample network's (invented, so it names nobody there).
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { isDownloadList, lists } from '../../../common/lists.ts';
import { listScreen, screenEntry } from '../../../common/screens.ts';
import { fetchListPage, LIST_PAGE_SIZE } from '../../api/analysis.ts';
import { mediaUrl } from '../../api/media.ts';
import { profileLink } from '../../app/config.ts';
import { screenTitles } from '../../app/screen-titles.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { accountSources } from '../../app/sources/account.ts';
import { GetYourData } from '../../app/sources/GetYourData.tsx';
import { SampleBanner } from '../../app/sources/SampleBanner.tsx';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { fillingSource, notInOfficial, screenSources } from '../../app/sources/screens.ts';
import { Unavailable } from '../../app/sources/Unavailable.tsx';
import { showToast } from '../../app/toast.tsx';
import { UpdatedAt } from '../../app/UpdatedAt.tsx';
import { useListPages, writeListPage } from '../../db/lists.ts';
import { useUserRecord } from '../../db/user.ts';
import { listFileNames } from '../../export/list-export.ts';
import { ExportButton } from '../export/ExportButton.tsx';
import { Avatar } from './Avatar.tsx';
import { OfficialCounts } from './OfficialCounts.tsx';
import { ProfileViewersNote } from './ProfileViewersNote.tsx';
import { Renames } from './Renames.tsx';
import { ROW_HEIGHT, useVisibleRows } from './windowing.ts';

export default function FollowerList({ screen }: ScreenProps) {
  const { i18n } = useLingui();
  const user = useUserRecord();
  const account = accountSources(user);
  const list = listScreen(screen);
  const source = fillingSource(list, account);
  const title = <h1>{i18n._(screenTitles[screen])}</h1>;
  const official = account.sources.find((known) => known.source === 'official' && known.at);
  const download = account.sources.find((known) => known.source === 'download' && known.at);
  // The official API's count of the list, where it gives one (the dashboard card's).
  const counted = screenEntry(list).card?.officialCount;

  // Issue 34: nothing legitimate names profile viewers, so no source is offered for them.
  if (account.known && screen === 'profileViews' && !source) {
    return (
      <section className="screen">
        {title}
        <ProfileViewersNote officialHere={account.official !== undefined} />
      </section>
    );
  }
  // Issue 17: no source, or none that gives this list, says so instead of an empty list.
  if (account.known && !account.hasAny) {
    return (
      <section className="screen">
        {title}
        <GetYourData official={account.official !== undefined} />
      </section>
    );
  }
  // Issue 18: the official API counts follows and unfollows (visits no longer, issue 49); names come only from a download.
  if (account.known && official?.at && counted && source !== 'sample') {
    const named = screen !== 'profileViews' && download?.at;
    return (
      <section className="screen">
        {title}
        <OfficialCounts kind={counted} provenance={{ source: 'official', at: official.at }} />
        {named ? (
          <>
            <h2 className="follower-list__names-title">
              <Trans>Who, from your data download</Trans>
            </h2>
            <SourceLine provenance={{ source: 'download', at: named }} />
            <NameList screen={screen} />
          </>
        ) : (
          <p className="card official-counts__names">
            {screen === 'profileViews' ? (
              <Trans>
                No legitimate source names who visited a profile, and the network’s official API no longer counts the
                visits.
              </Trans>
            ) : (
              <>
                <Trans>The network’s official API counts follows and unfollows but never says who.</Trans>{' '}
                <ImportForNames />
              </>
            )}
          </p>
        )}
      </section>
    );
  }
  if (account.known && !source) {
    const lacking = notInOfficial(list, account);
    return (
      <section className="screen">
        {title}
        <p className="card">
          <Unavailable
            needs={screenSources[list].otherwise}
            officialHere={account.official !== undefined}
            notInOfficial={lacking}
          />
          {lacking && (
            <>
              {' '}
              <ImportForNames />
            </>
          )}
        </p>
      </section>
    );
  }
  // Issue 50 item 5: the download imported has no such file (or was read before its lists were): unknown, not nobody.
  if (source === 'download' && isDownloadList(list) && user?.[lists[list].count] === null) {
    return (
      <section className="screen">
        {title}
        <p className="card" data-testid="not-in-download">
          <Trans>The download you imported has no such list.</Trans>{' '}
          <Link href="/import">
            <Trans>Import your latest download to see it.</Trans>
          </Link>
        </p>
      </section>
    );
  }
  // Issue 51: who came and who left is not "nobody" before there is something to compare with.
  const field = screen === 'newFollowers' ? 'new_followers' : screen === 'followersLost' ? 'followers_lost' : undefined;
  const gap = field && (account.demo && !account.figures ? 'no_analysis' : user?.figure_gaps?.[field]);
  if (account.known && gap) {
    return (
      <section className="screen">
        {title}
        {source === 'sample' && <SampleBanner />}
        {account.figures && <SourceLine provenance={account.figures} />}
        <p className="card" data-testid="follower-list-gap">
          <Unavailable needs={[]} gap={gap} />
        </p>
      </section>
    );
  }
  // The lists' names are the download's even when the dashboard's counts are the official API's.
  const provenance =
    source === 'download' && download?.at ? { source: 'download' as const, at: download.at } : account.figures;
  return (
    <section className="screen">
      {title}
      {source === 'sample' && <SampleBanner />}
      <SourceLine provenance={provenance} />
      <NameList screen={screen} linked={source !== 'sample'} />
    </section>
  );
}

/** Today as YYYY-MM-DD (UTC), for a suggested file name. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The list's names, 15 a page from the cache, more as the bottom comes into view; `linked`, each opens
 * the profile on the network.
 */
function NameList({ screen, linked = true }: { screen: ScreenProps['screen']; linked?: boolean }) {
  const list = listScreen(screen);
  const pages = useListPages(list);
  const items = pages?.flatMap((page) => page.items) ?? [];
  const last = pages?.at(-1);
  const hasMore = pages !== undefined && (last === undefined || last.hasMore);
  /** The page on its way. */
  const [requested, setRequested] = useState<number>();
  const sentinel = useRef<HTMLDivElement>(null);
  const listElement = useRef<HTMLUListElement>(null);
  const { start, end } = useVisibleRows(listElement, items.length);
  // A page on its way has its rows' room already, "Loading…" at its top: its names fill that room in
  // place instead of pushing down what is below (issue 31). The room goes in the render that shows them.
  const waiting = requested !== undefined && (last?.page ?? 0) < requested;
  const reserved = waiting ? LIST_PAGE_SIZE : 0;

  async function loadNext() {
    if (requested !== undefined || !hasMore) return;
    const page = (last?.page ?? 0) + 1;
    setRequested(page);
    const result = await fetchListPage(list, page);
    if (result.ok) {
      const { items: names, total: length } = result.data;
      await writeListPage(list, page, names, names.length === LIST_PAGE_SIZE, length);
    } else showToast(result.error.message);
    setRequested(undefined);
  }

  // spec §2: infinite scroll loads more while a next page is available.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadNext();
    });
    observer.observe(element);
    return () => observer.disconnect();
  });

  // The list's whole length, as the dashboard's card counts it (issue 34), from the newest page that said it.
  const total = pages
    ?.map((page) => page.total)
    .filter((length) => length !== undefined)
    .at(-1);

  return (
    <>
      {/* Its line is there from the first frame, so the names do not move when the length arrives. */}
      <p className="follower-list__total" data-total={total}>
        {total !== undefined && <Plural value={total} one="# person" other="# people" />}
      </p>
      <div className="export-row">
        <UpdatedAt time={pages?.[0]?.updatedAt} />
        <ExportButton
          request={{ kind: 'list', list, suggestedName: `followscope-${listFileNames[list]}-${today()}.csv` }}
        />
      </div>
      <ul
        ref={listElement}
        className="follower-list"
        style={{ height: (items.length + reserved) * ROW_HEIGHT }}
        aria-busy={waiting}
      >
        {items.slice(start, end).map((item, offset) => (
          <li
            key={item.insta_id}
            className="follower-list__item"
            style={{ position: 'absolute', top: (start + offset) * ROW_HEIGHT, left: 0, right: 0 }}
          >
            <Avatar
              src={mediaUrl(item.insta_image_url)}
              username={item.insta_username}
              fullName={item.insta_full_name}
            />
            <div className="follower-list__names">
              {linked ? (
                <a href={profileLink(item.insta_username)} target="_blank" rel="noopener noreferrer">
                  <strong>@{item.insta_username}</strong>
                </a>
              ) : (
                <strong>@{item.insta_username}</strong>
              )}
              <span>{item.insta_full_name}</span>
            </div>
          </li>
        ))}
        {waiting && (
          <li
            className="follower-list__end"
            style={{ position: 'absolute', top: items.length * ROW_HEIGHT, left: 0, right: 0 }}
          >
            <Trans>Loading…</Trans>
          </li>
        )}
      </ul>
      <div ref={sentinel} />
      {pages && !hasMore && (
        <p className="follower-list__end">
          {items.length === 0 ? <Trans>Nobody here yet.</Trans> : <Trans>That is everyone.</Trans>}
        </p>
      )}
      {/* Below the names, so their arrival moves nothing the user is reading (issue 31). */}
      {(list === 'newFollowers' || list === 'followersLost') && <Renames />}
    </>
  );
}

/** Where the names come from when the screen's source gives none: the data download. */
function ImportForNames() {
  return (
    <Link href="/import">
      <Trans>Import your data download to see the names.</Trans>
    </Link>
  );
}
