// What the official API tells of follows, unfollows and profile visits (issue 18): counts per day and
// for the last 7 and 30 days it has reported, each window saying up to which day (issue 36), never who.
// Painted from the cached user record and follower history, so it shows offline too.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { HistoryPoint } from '../../../common/schema/posts.ts';
import type { Provenance } from '../../../common/schema/provenance.ts';
import { refreshHistory } from '../../app/analytics.ts';
import { gapText, type OfficialCount, windowCount, windowLabel } from '../../app/sources/official-window.ts';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { useHistory } from '../../db/posts.ts';
import { useUserRecord } from '../../db/user.ts';
import { dateTimeFormat, numberFormat } from '../../i18n/formats.ts';
import { currentLocale } from '../../i18n/index.ts';

const headings: Record<OfficialCount, MessageDescriptor> = {
  follows: msg`Accounts that followed you`,
  unfollows: msg`Accounts that unfollowed you`,
  visits: msg`Visits to your profile`,
};

/** Days shown, newest first. */
const DAYS = 7;

/** The history point's field (spec §7 follower history) of each count. */
const pointFields = { follows: 'gained', unfollows: 'lost', visits: 'visits' } as const satisfies Record<
  OfficialCount,
  keyof HistoryPoint
>;

export function OfficialCounts({ kind, provenance }: { kind: OfficialCount; provenance: Provenance | undefined }) {
  const { i18n } = useLingui();
  const history = useHistory();
  const counts = useUserRecord()?.official_counts;

  useEffect(() => {
    const controller = new AbortController();
    void refreshHistory(controller.signal);
    return () => controller.abort();
  }, []);

  // The week's days the API reported, when the record says which (issue 36); else the last seven points.
  const week = counts?.week;
  const days = (history?.points ?? [])
    .filter((point) => point.source === 'official')
    .filter(
      (point) =>
        !week?.from || !week.through || (point.at.slice(0, 10) >= week.from && point.at.slice(0, 10) <= week.through),
    )
    .slice(-DAYS)
    .reverse();
  const value = (point: HistoryPoint) => point[pointFields[kind]] ?? null;
  const known = days.filter((point) => value(point) !== null);
  const weekTotal = known.reduce((sum, point) => sum + (value(point) ?? 0), 0);
  // The API's days are UTC days: named as such, not shifted into the reader's zone.
  const dayName = dateTimeFormat(currentLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const number = numberFormat(currentLocale());

  return (
    <section className="card official-counts" data-testid="official-counts" aria-labelledby="official-counts-title">
      <h2 id="official-counts-title">{i18n._(headings[kind])}</h2>
      {counts && (
        <dl className="official-counts__windows">
          {[counts.week, counts.month].map((window) => {
            const shown = windowCount(counts, window, kind);
            return (
              <div key={window.days} data-testid={`official-window-${window.days}`}>
                <dt>{windowLabel(window, i18n) ?? i18n._(msg`No day reported yet`)}</dt>
                <dd>
                  {'value' in shown ? (
                    <strong>{number.format(shown.value)}</strong>
                  ) : (
                    <span className="unavailable" data-testid="unavailable" data-gap={shown.gap}>
                      {i18n._(msg`Unavailable`)} · {gapText(shown.gap, i18n)}
                    </span>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {known.length ? (
        <>
          {!counts && (
            <p className="official-counts__week">
              <strong data-testid="official-week">{number.format(weekTotal)}</strong>{' '}
              <Plural value={known.length} one="in the last # day" other="in the last # days" />
            </p>
          )}
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
        !counts && (
          <p className="analytics__hint">
            <Trans>The daily counts appear here after the first collection.</Trans>
          </p>
        )
      )}
      <SourceLine provenance={provenance} />
    </section>
  );
}
