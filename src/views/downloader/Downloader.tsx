// The downloader (spec §2 Downloader, §4): a post or reel link (/downloadreel) or an account's
// username for its stories (/downloadStories). Search and Reset stay disabled while both inputs are
// blank or while loading; a search clears the old results first. What was typed in either mode is
// kept when switching between them.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { postCodeOf, usernameOf } from '../../../common/schema/download.ts';
import type { DownloadResult } from '../../../common/schema/lists.ts';
import { mediaUrl } from '../../api/media.ts';
import { download } from '../../api/stories.ts';
import { networkBase } from '../../app/config.ts';
import { readDraft, saveDraft } from '../../app/drafts.ts';
import { screenTitles } from '../../app/screen-titles.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { accountSources } from '../../app/sources/account.ts';
import { SampleBanner } from '../../app/sources/SampleBanner.tsx';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { fillingSource, screenSources } from '../../app/sources/screens.ts';
import { Unavailable } from '../../app/sources/Unavailable.tsx';
import { createStore } from '../../app/store.ts';
import { showToast } from '../../app/toast.tsx';
import { useUserRecord } from '../../db/user.ts';
import { RetryImage } from '../stories/RetryImage.tsx';

/** Both inputs live beside the screen and in drafts, so switching modes or reloading loses nothing typed. */
const inputs = createStore({ link: readDraft('download-link'), username: readDraft('download-username') });
function setInputs(next: { link: string; username: string }) {
  inputs.set(next);
  saveDraft('download-link', next.link);
  saveDraft('download-username', next.username);
}

const networkHost = (() => {
  try {
    return [new URL(networkBase).hostname.toLowerCase()];
  } catch {
    return [];
  }
})();

export default function Downloader({ screen }: ScreenProps) {
  const { i18n } = useLingui();
  const mode = screen === 'downloadStories' ? 'stories' : 'link';
  const { link, username } = inputs.use();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<DownloadResult>();
  const blank = !link.trim() && !username.trim();
  const account = accountSources(useUserRecord());

  async function search(event: FormEvent) {
    event.preventDefault();
    if (blank || loading) return;
    setResult(undefined);
    setError(undefined);
    const body = { post_url: '', username: '' };
    if (mode === 'link') {
      if (!postCodeOf(link, networkHost)) {
        setError(i18n._(msg`This is not a link to a post or reel. Copy the link from the post’s “Share” menu.`));
        return;
      }
      body.post_url = link.trim();
    } else {
      const name = usernameOf(username);
      if (!name) {
        setError(i18n._(msg`Type an account’s username, like followscope.demo.`));
        return;
      }
      body.username = name;
    }
    setLoading(true);
    const answer = await download(body);
    setLoading(false);
    if (answer.ok) setResult(answer.data);
    else if (answer.error.status === 400 || answer.error.status === 404) setError(answer.error.message);
    else showToast(answer.error.message);
  }

  function reset() {
    setInputs({ link: '', username: '' });
    setResult(undefined);
    setError(undefined);
  }

  const fieldId = mode === 'link' ? 'download-link' : 'download-username';
  // Issue 17: other people's media are the sample network's demo only; a real account is told so.
  // Issue 18: a connected professional account downloads its own posts, reels and stories.
  const source = fillingSource(screen === 'downloadStories' ? 'downloadStories' : 'downloadReel', account);
  if (account.known && !source) {
    return (
      <section className="screen downloader" data-screen={screen}>
        <h1>{i18n._(screenTitles[screen])}</h1>
        <p className="card">
          <Unavailable
            needs={screenSources[screen === 'downloadStories' ? 'downloadStories' : 'downloadReel'].otherwise}
            officialHere={account.official !== undefined}
          />
        </p>
      </section>
    );
  }
  return (
    <section className="screen downloader" data-screen={screen}>
      <h1>{i18n._(screenTitles[screen])}</h1>
      {source === 'sample' && <SampleBanner />}
      {source === 'official' && (
        <p className="downloader__own">
          <Trans>
            Your own posts, reels and stories, from the network’s official API: paste a link to one of your posts or
            type your username.
          </Trans>
        </p>
      )}
      <SourceLine provenance={result?.source} />
      <nav className="downloader__modes" aria-label={i18n._(msg`What to download`)}>
        <Link
          href="/downloadreel"
          className={mode === 'link' ? 'downloader__mode--active' : ''}
          aria-current={mode === 'link' ? 'page' : undefined}
        >
          <Trans>Reel or video</Trans>
        </Link>
        <Link
          href="/downloadStories"
          className={mode === 'stories' ? 'downloader__mode--active' : ''}
          aria-current={mode === 'stories' ? 'page' : undefined}
        >
          <Trans>Stories</Trans>
        </Link>
      </nav>
      <form className="card downloader__form" onSubmit={(event) => void search(event)} noValidate>
        <label htmlFor={fieldId}>
          {mode === 'link' ? <Trans>Link to a post or reel</Trans> : <Trans>Username</Trans>}
        </label>
        {mode === 'link' ? (
          <input
            id={fieldId}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://www.instagram.com/reel/…"
            value={link}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'download-error' : undefined}
            onChange={(event) => setInputs({ ...inputs.get(), link: event.target.value })}
          />
        ) : (
          <input
            id={fieldId}
            type="text"
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            placeholder="followscope.demo"
            value={username}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'download-error' : undefined}
            onChange={(event) => setInputs({ ...inputs.get(), username: event.target.value })}
          />
        )}
        {error && (
          <p id="download-error" className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="downloader__actions">
          <button type="submit" className="button" disabled={blank || loading}>
            {loading ? <Trans>Searching…</Trans> : <Trans>Search</Trans>}
          </button>
          <button type="button" className="button button--ghost" disabled={blank || loading} onClick={reset}>
            <Trans>Reset</Trans>
          </button>
        </div>
      </form>
      {result && <Results result={result} />}
    </section>
  );
}

function Results({ result }: { result: DownloadResult }) {
  const { i18n } = useLingui();
  const items = [
    ...result.posts.map((item) => ({
      ...item,
      label: result.reel ? i18n._(msg`View video`) : i18n._(msg`View post`),
    })),
    ...result.stories.map((item) => ({ ...item, label: i18n._(msg`View story`) })),
  ];
  if (items.length === 0) {
    return (
      <p className="card downloader__empty" role="status">
        <Trans>@{result.username} has no stories right now.</Trans>
      </p>
    );
  }
  return (
    <ul className="downloader__results" aria-label={i18n._(msg`Results for @${result.username}`)}>
      {items.map((item) => (
        <li key={item.url} className="card downloader__result">
          <RetryImage src={item.thumbnail_image} />
          <a className="button button--small" href={mediaUrl(item.url)} target="_blank" rel="noopener noreferrer">
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
