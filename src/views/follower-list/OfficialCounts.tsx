// What the official API tells of follows, unfollows and profile visits (issue 18): counts per day and
// for the week, never who. Painted from the cached follower history, so it shows offline too.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { HistoryPoint } from '../../../common/schema/posts.ts';
import type { Provenance } from '../../../common/schema/provenance.ts';
import { refreshHistory } from '../../app/analytics.ts';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { useHistory } from '../../db/posts.ts';
import { currentLocale } from '../../i18n/index.ts';

export type CountKind = 'gained' | 'lost' | 'visits';

const headings: Record<CountKind, MessageDescriptor> = {
  gained: msg`Accounts that followed you`,
  lost: msg`Accounts that unfollowed you`,
  visits: msg`Visits to your profile`,
};

/** Days shown, newest first. */
const DAYS = 7;

export function OfficialCounts({ kind, provenance }: { kind: CountKind; provenance: Provenance | undefined }) {
  const { i18n } = useLingui();
  const history = useHistory();

  useEffect(() => {
    const controller = new AbortController();
    void refreshHistory(controller.signal);
    return () => controller.abort();
  }, []);

  const days = (history?.points ?? [])
    .filter((point) => point.source === 'official')
    .slice(-DAYS)
    .reverse();
  const value = (point: HistoryPoint) => point[kind] ?? null;
  const known = days.filter((point) => value(point) !== null);
  const week = known.reduce((sum, point) => sum + (value(point) ?? 0), 0);
  // The API's days are UTC days: named as such, not shifted into the reader's zone.
  const dayName = new Intl.DateTimeFormat(currentLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const number = new Intl.NumberFormat(currentLocale());

  return (
    <section className="card official-counts" data-testid="official-counts" aria-labelledby="official-counts-title">
      <h2 id="official-counts-title">{i18n._(headings[kind])}</h2>
      {known.length ? (
        <>
          <p className="official-counts__week">
            <strong data-testid="official-week">{number.format(week)}</strong>{' '}
            <Trans>in the last {known.length} days</Trans>
          </p>
          <table className="official-counts__days">
            <tbody>
              {days.map((point) => (
                <tr key={point.at}>
                  <th scope="row">{dayName.format(new Date(point.at))}</th>
                  <td>{value(point) === null ? '–' : number.format(value(point) ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="analytics__hint">
          <Trans>The daily counts appear here after the first collection.</Trans>
        </p>
      )}
      <SourceLine provenance={provenance} />
    </section>
  );
}
