// The emotions of a post's comments as a bar chart (spec §2, §9: 250 high).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import type { AlignedData, Options } from 'uplot';
import type { Sentiment } from '../../../common/schema/posts.ts';
import { barPaths, Chart } from '../charts/Chart.tsx';

export const CHART_HEIGHT = 250;

export default function EmotionChart({ emotions }: { emotions: Sentiment['emotions'] }) {
  const { i18n } = useLingui();
  const names = useMemo(
    () => [i18n._(msg`Joy`), i18n._(msg`Sadness`), i18n._(msg`Anger`), i18n._(msg`Surprise`), i18n._(msg`Trust`)],
    [i18n],
  );
  const values = [emotions.Joy, emotions.Sadness, emotions.Angry, emotions.Surprise, emotions.Trust];
  const key = values.join(',');
  const data: AlignedData = useMemo(() => [[0, 1, 2, 3, 4], key.split(',').map(Number)], [key]);
  const options: Omit<Options, 'width' | 'height'> = useMemo(
    () => ({
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, 4.5] }, y: { range: [0, 100] } },
      axes: [
        { values: (_plot, ticks) => ticks.map((tick) => names[tick] ?? ''), splits: () => [0, 1, 2, 3, 4], gap: 4 },
        { values: (_plot, ticks) => ticks.map((tick) => `${tick}%`), size: 44 },
      ],
      series: [{}, { label: i18n._(msg`Share of comments`), fill: '#7b5cf0', stroke: '#4f2bd6', paths: barPaths() }],
    }),
    [names, i18n],
  );
  const label = names.map((name, i) => `${name} ${values[i]}%`).join(', ');
  return <Chart options={options} data={data} height={CHART_HEIGHT} label={label} />;
}
