// The emotions of a post's comments as a bar chart (spec §2, §9: 250 high). Issue 51: drawn on a canvas
// by uPlot, its top label ("100%") was cut in half and the five names ran together on a 320-360 px phone
// ("Überraschung" alone is wider than a fifth of the chart). Now each emotion is a row of the page's own
// text: its name, a bar as long as its share, and the share, so names wrap and never meet in any language.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Sentiment } from '../../../common/schema/posts.ts';

export const CHART_HEIGHT = 250;

export default function EmotionChart({ emotions }: { emotions: Sentiment['emotions'] }) {
  const { i18n } = useLingui();
  const rows = [
    [i18n._(msg`Joy`), emotions.Joy],
    [i18n._(msg`Sadness`), emotions.Sadness],
    [i18n._(msg`Anger`), emotions.Angry],
    [i18n._(msg`Surprise`), emotions.Surprise],
    [i18n._(msg`Trust`), emotions.Trust],
  ] as const;
  const percent = (value: number) => i18n.number(value / 100, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <ul
      className="chart emotion-chart"
      style={{ height: CHART_HEIGHT }}
      aria-label={i18n._(msg`Share of comments`)}
      data-testid="emotion-chart"
    >
      {rows.map(([name, value]) => (
        <li key={name} className="emotion-chart__row">
          <span className="emotion-chart__name">{name}</span>
          <span className="emotion-chart__track" aria-hidden="true">
            <span className="emotion-chart__bar" style={{ width: `${Math.max(0, Math.min(100, value))}%` }} />
          </span>
          <span className="emotion-chart__value">{percent(value)}</span>
        </li>
      ))}
    </ul>
  );
}
