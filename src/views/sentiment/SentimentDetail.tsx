// The sentiment detail (spec §2): a carousel of the post's items (4 s each), the figures, and the
// emotions as a bar chart 250 high. Issue 20: the carousel can be paused (WCAG 2.2.2), and rests while
// the keyboard or the pointer is on it or the user asks for less motion; only the item in view can
// take focus; the heading takes focus when the detail opens, so a keyboard user starts there.
import 'keen-slider/keen-slider.min.css';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useKeenSlider } from 'keen-slider/react';
import { useEffect, useRef, useState } from 'react';
import type { Post } from '../../../common/schema/lists.ts';
import type { Sentiment } from '../../../common/schema/posts.ts';
import { mediaUrl } from '../../api/media.ts';
import { useBackCloses } from '../../app/back-closes.ts';
import { postLink } from '../../app/config.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { SampleBanner } from '../../app/sources/SampleBanner.tsx';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import EmotionChart from './EmotionChart.tsx';

/** spec §9: the carousel moves every 4 seconds. */
export const CAROUSEL_MS = 4000;

const languageName = (code: string, locale: string) => {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

interface Props extends ScreenProps {
  post: Post;
  report: Sentiment;
  refreshing: boolean;
  onBack(): void;
}

export function SentimentDetail({ screen, post, report, refreshing, onBack }: Props) {
  const { i18n } = useLingui();
  const items = post.child_posts.length
    ? post.child_posts.map((child) => ({ url: child.insta_thumbnail, video: child.insta_post_type === 'video' }))
    : [{ url: post.post_thumbnail, video: post.post_type === 'video' }];
  const [current, setCurrent] = useState(0);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: items.length > 1,
    slideChanged: (instance) => setCurrent(instance.track.details.rel),
  });
  const [paused, setPaused] = useState(
    () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  const [resting, setResting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (items.length < 2 || paused || resting) return;
    const timer = setInterval(() => slider.current?.next(), CAROUSEL_MS);
    return () => clearInterval(timer);
  }, [slider, items.length, paused, resting]);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  // The browser's back leaves the detail first too (spec §2: Back returns to the grid first).
  const back = useBackCloses(onBack, 'sentimentDetail');

  const locale = i18n.locale;
  const figures: Array<[string, string]> = [
    [i18n._(msg`Comments read`), String(report.total_comments)],
    [i18n._(msg`Average words per comment`), String(report.average_words)],
    [i18n._(msg`Sentiment score (0 to 100)`), String(report.sentiment_score)],
    [
      i18n._(msg`Positive / negative / neutral`),
      `${report.distribution.positive}% / ${report.distribution.negative}% / ${report.distribution.neutral}%`,
    ],
    [i18n._(msg`Sarcasm`), `${report.sarcasm_detection}%`],
    [
      i18n._(msg`Languages`),
      report.languages.map((entry) => `${languageName(entry.language, locale)} ${entry.percent}%`).join(', ') || '—',
    ],
  ];

  return (
    <section className="screen analytics sentiment" data-screen={screen} data-testid="sentiment-detail">
      <header className="post-group__header">
        <button type="button" className="icon-button" onClick={back} aria-label={i18n._(msg`Back`)}>
          ←
        </button>
        <h1 ref={heading} tabIndex={-1}>
          <Trans>How your commenters feel</Trans>
        </h1>
      </header>
      {report.source?.source === 'sample' && <SampleBanner />}
      <SourceLine provenance={report.source} />
      {refreshing && (
        <p className="analytics__hint" role="status">
          <Trans>Reading the latest comments…</Trans>
        </p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: these only pause the turning while the user is on it. */}
      <div
        ref={sliderRef}
        className="keen-slider sentiment__carousel"
        onFocus={() => setResting(true)}
        onBlur={() => setResting(false)}
        onPointerEnter={() => setResting(true)}
        onPointerLeave={() => setResting(false)}
      >
        {items.map((item, index) => (
          <a
            key={item.url}
            className="keen-slider__slide sentiment__slide"
            href={postLink(post.post_short_code)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={i18n._(msg`Item ${index + 1} of ${items.length}`)}
            inert={index !== current}
          >
            <img src={mediaUrl(item.url)} alt="" />
          </a>
        ))}
      </div>
      {items.length > 1 && (
        <button
          type="button"
          className="button button--ghost button--small sentiment__pause"
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
        >
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span> {i18n._(msg`Pause the slideshow`)}
        </button>
      )}
      <dl className="card metrics" data-testid="sentiment-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="metrics__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="card">
        <h2>
          <Trans>Emotions</Trans>
        </h2>
        <EmotionChart emotions={report.emotions} />
      </div>
      {report.most_positive_comment && (
        <blockquote className="card sentiment__quote sentiment__quote--positive">
          <strong>
            <Trans>Most positive comment</Trans>
          </strong>
          <p>{report.most_positive_comment}</p>
        </blockquote>
      )}
      {report.most_negative_comment && (
        <blockquote className="card sentiment__quote sentiment__quote--negative">
          <strong>
            <Trans>Most negative comment</Trans>
          </strong>
          <p>{report.most_negative_comment}</p>
        </blockquote>
      )}
      {report.keyword_extraction.length > 0 && (
        <div className="card">
          <h2>
            <Trans>Keywords</Trans>
          </h2>
          <ul className="sentiment__keywords">
            {report.keyword_extraction.map((word) => (
              <li key={word}>{word}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
