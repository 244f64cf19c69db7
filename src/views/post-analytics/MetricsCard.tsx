// The fifteen metrics of spec §3 in a card. Until they are here (nothing cached yet, the network's
// answer on its way), the same card holds their room with "Loading…" over it, so the groups below do
// not move when the figures come (issue 31: the groups moved by the card's whole height). Issue 51: a
// metric the source gives but did not this time (a download without its posts) says so, and how to get it.
import { useLingui } from '@lingui/react';
import type { PostMetrics } from '../../../common/schema/posts.ts';
import type { FigureGap, SourceKind } from '../../../common/schema/provenance.ts';
import { Pending } from '../../app/Pending.tsx';
import { Unavailable } from '../../app/sources/Unavailable.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatMetric, metricRows } from './metrics.ts';

export function MetricsCard({
  metrics,
  needs,
  officialHere,
  missing,
  gaps,
}: {
  metrics: PostMetrics | undefined;
  /** What a metric the source lacks would need. */
  needs: SourceKind[];
  /** Whether this server has an official-API app to offer as a way to a metric (issue 34). */
  officialHere: boolean;
  /** Nothing cached and the network could not answer. */
  missing: boolean;
  /** Metrics the source gives but did not this time, with why (issue 51). */
  gaps?: Partial<Record<string, FigureGap>>;
}) {
  const { i18n } = useLingui();
  const locale = currentLocale();
  const notInDownload = metrics && Object.values(gaps ?? {}).includes('not_in_download');
  // One tree before and after the figures, so they fill it in place: a placeholder card swapped for the
  // real one was removed and rebuilt as they came (issue 31).
  return (
    <div className={metrics ? 'metrics-card' : 'metrics-card metrics-pending'}>
      <dl
        className="card metrics"
        data-testid={metrics ? 'metrics' : undefined}
        aria-hidden={metrics ? undefined : true}
      >
        {metricRows.map((row) => (
          <div key={row.key} className="metrics__row" data-metric={metrics ? row.key : undefined}>
            <dt>{i18n._(row.label)}</dt>
            <dd>
              {!metrics
                ? '\u00a0'
                : (formatMetric(metrics[row.key], row.format, locale) ?? (
                    <Unavailable
                      needs={needs}
                      short
                      officialHere={officialHere}
                      gap={metrics[row.key] === null ? gaps?.[row.key] : undefined}
                    />
                  ))}
            </dd>
          </div>
        ))}
      </dl>
      {notInDownload && (
        <p className="metrics__how-to" data-testid="not-in-download">
          <Unavailable needs={[]} gap="not_in_download" />
        </p>
      )}
      {!metrics && <Pending missing={missing} />}
    </div>
  );
}
