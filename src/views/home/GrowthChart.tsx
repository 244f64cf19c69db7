// Follower growth (beyond the spec): followers and following at each analysis, from the server's
// snapshots; cached, so it paints offline. One line is one source's history: the sample network's and a
// download's are never joined (issue 17).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import type { AlignedData, Options } from 'uplot';
import type { Provenance } from '../../../common/schema/provenance.ts';
import { refreshHistory } from '../../app/analytics.ts';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { useHistory } from '../../db/posts.ts';
import { Chart } from '../charts/Chart.tsx';

export default function GrowthChart({
  lastUpdated,
  figures,
}: {
  lastUpdated: string | null | undefined;
  /** The source of the dashboard's figures: the chart draws that source's points. */
  figures: Provenance | undefined;
}) {
  const { i18n } = useLingui();
  const history = useHistory();

  // A new analysis adds a point: refresh when the user record says one finished.
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastUpdated is the trigger, not an input.
  useEffect(() => {
    const controller = new AbortController();
    void refreshHistory(controller.signal);
    return () => controller.abort();
  }, [lastUpdated]);

  const points = (history?.points ?? []).filter((point) => !point.source || point.source === figures?.source);
  // The time as milliseconds: an ISO time's own colons would split it.
  const key = points.map((point) => `${Date.parse(point.at)}:${point.followers}:${point.following}`).join('|');
  const data: AlignedData = useMemo(() => {
    const rows = key ? key.split('|').map((row) => row.split(':')) : [];
    // A day the source gives no following figure (the official API keeps no history of it) is a gap.
    const value = (text: string) => (text === 'null' ? null : Number(text));
    const parsed = rows.map(([at = '', followers = '0', following = '0']) => ({
      at: Number(at) / 1000,
      followers: value(followers),
      following: value(following),
    }));
    return [parsed.map((row) => row.at), parsed.map((row) => row.followers), parsed.map((row) => row.following)];
  }, [key]);
  const options: Omit<Options, 'width' | 'height'> = useMemo(
    () => ({
      series: [
        {},
        { label: i18n._(msg`Followers`), stroke: '#4f2bd6', width: 2, points: { show: true } },
        { label: i18n._(msg`Following`), stroke: '#e040a0', width: 2, points: { show: true } },
      ],
      axes: [{}, { size: 56 }],
    }),
    [i18n],
  );

  return (
    <section className="card growth" data-testid="growth">
      <h2>
        <Trans>Follower growth</Trans>
      </h2>
      {points.length >= 2 ? (
        <>
          <Chart options={options} data={data} height={220} label={i18n._(msg`Followers at each analysis`)} />
          <SourceLine provenance={figures} />
        </>
      ) : (
        <p className="analytics__hint">
          <Trans>Your follower growth appears here after your second analysis.</Trans>
        </p>
      )}
    </section>
  );
}
