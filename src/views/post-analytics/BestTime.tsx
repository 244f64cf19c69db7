// Best time to post (issue 18): the 24 hours of the day in the reader's time zone, the best one said in
// words, and what they are read from: followers online (official API) or the engagement of the owner's
// own posts. Painted from Dexie, refreshed behind; its height is kept while it loads.
import { Plural, Trans } from '@lingui/react/macro';
import { type CSSProperties, useEffect, useId, useState } from 'react';
import type { BestTime as Answer } from '../../../common/schema/best-time.ts';
import { refreshBestTime } from '../../app/analytics.ts';
import { Pending } from '../../app/Pending.tsx';
import { accountSources } from '../../app/sources/account.ts';
import { SourceLine } from '../../app/sources/SourceLine.tsx';
import { Unavailable } from '../../app/sources/Unavailable.tsx';
import { useBestTime } from '../../db/best-time.ts';
import { useUserRecord } from '../../db/user.ts';
import { dateTimeFormat, numberFormat } from '../../i18n/formats.ts';
import { currentLocale } from '../../i18n/index.ts';

const HOUR_MS = 3_600_000;

/** One hour of the day: the UTC hour the server counts in, and the instant it starts today. */
export interface LocalHour {
  utcHour: number;
  start: Date;
}

/** The minute of the day `at` is in `timeZone`'s clock. */
function zoneMinuteOfDay(timeZone: string) {
  const clock = dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  return (at: Date) => {
    const parts = clock.formatToParts(at);
    const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return part('hour') * 60 + part('minute');
  };
}

/**
 * Today's 24 UTC hours in the order of the reader's clock, so the table starts at their midnight. Each
 * hour starts where the zone puts it (18:00 UTC is 23:30 in Kolkata), with today's offset (summer time).
 * The reader's own zone is the Date's: a second locale's formatter (en-GB, for its parts) was the
 * costliest function of post analytics' first render on a phone's slow CPU (issue 31).
 */
export function localHours(now: Date, timeZone?: string): LocalHour[] {
  const minuteOfDay =
    timeZone === undefined ? (at: Date) => at.getHours() * 60 + at.getMinutes() : zoneMinuteOfDay(timeZone);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 24 }, (_, utcHour) => ({ utcHour, start: new Date(midnight + utcHour * HOUR_MS) }))
    .map((hour) => ({ hour, minute: minuteOfDay(hour.start) }))
    .sort((a, b) => a.minute - b.minute)
    .map(({ hour }) => hour);
}

type Formats = { time: Intl.DateTimeFormat; number: Intl.NumberFormat; zone: string };

/** Best time to post, for the post analytics screen; `timeZone` replaces the browser's (tests). */
export function BestTime({ timeZone }: { timeZone?: string }) {
  const titleId = useId();
  const cached = useBestTime();
  const account = accountSources(useUserRecord());
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void refreshBestTime(controller.signal).then((outcome) => {
      if (outcome !== 'aborted') setFailed(outcome === 'failed');
    });
    return () => controller.abort();
  }, []);

  const locale = currentLocale();
  const time = dateTimeFormat(locale, { timeStyle: 'short', timeZone });
  const formats: Formats = {
    time,
    number: numberFormat(locale, { maximumFractionDigits: 1 }),
    zone: timeZone ?? time.resolvedOptions().timeZone,
  };
  const hours = localHours(new Date(), timeZone);
  const answer = cached?.answer;
  // While loading, keep the room of the table only for an account that may have one (issue 25: no shift).
  const mayHaveHours = !account.known || account.demo || account.sources.some((s) => s.source === 'official');

  return (
    <section className="card best-time" aria-labelledby={titleId} aria-busy={!answer} data-testid="best-time">
      <h2 id={titleId} className="best-time__title">
        <Trans>When to post</Trans>
      </h2>
      {answer?.basis === null ? (
        <p className="best-time__unavailable">
          <Unavailable needs={answer.unavailable.needs} officialHere={account.official !== undefined} />
        </p>
      ) : answer || mayHaveHours ? (
        <Hours answer={answer} hours={hours} formats={formats} missing={cached === null && failed} />
      ) : (
        <div className="best-time__best">
          <Pending missing={cached === null && failed} />
        </div>
      )}
    </section>
  );
}

type Found = Exclude<Answer, { basis: null }>;

/**
 * The best hour, its basis and source, and the table; before the answer, the same elements held empty
 * ("Loading…" where the best hour will be). One tree for both, so the answer fills it in place: the
 * table built as a placeholder and then again for the answer was removed and rebuilt on arrival, one
 * commit of 53-102 ms on a 2-core server's CPU unthrottled, mostly in removing its 174 elements (issue 31).
 */
function Hours({
  answer,
  hours,
  formats,
  missing,
}: {
  answer: Found | undefined;
  hours: LocalHour[];
  formats: Formats;
  missing: boolean;
}) {
  const best = new Date(hours.find((hour) => hour.utcHour === answer?.best_hour_utc)?.start ?? 0);
  const start = formats.time.format(best);
  const end = formats.time.format(best.getTime() + HOUR_MS);
  const count = answer?.basis === 'engagement' ? answer.posts_counted : 0;
  return (
    <>
      <div className="best-time__best" data-testid={answer ? 'best-time-best' : undefined}>
        {answer ? (
          <Trans>
            Best time to post: {start}–{end}
          </Trans>
        ) : (
          <Pending missing={missing} />
        )}
      </div>
      <p className="best-time__basis" data-testid={answer ? 'best-time-basis' : undefined}>
        {!answer ? null : answer.basis === 'online_followers' ? (
          <Trans>From when your followers are online (official API)</Trans>
        ) : (
          <>
            <Trans>From the engagement of your own posts</Trans>
            {' · '}
            {/* Reels count too (issue 51: "183 posts" on the posts screen counted reels): the words say so. */}
            <Plural
              value={count}
              one="# post or reel from the last 365 days"
              other="# posts and reels from the last 365 days"
            />
          </>
        )}
      </p>
      <div className="best-time__source">{answer && <SourceLine provenance={answer.source} />}</div>
      <HourTable hours={hours} formats={formats} answer={answer} />
    </>
  );
}

/** The hours as a table, bars beside their values; without an answer, the same rows held empty. */
function HourTable({ hours, formats, answer }: { hours: LocalHour[]; formats: Formats; answer?: Found }) {
  const zone = formats.zone;
  const values = answer?.hours ?? [];
  const top = Math.max(0, ...values.map((value) => value ?? 0));
  return (
    <table className="best-time__table" aria-hidden={answer ? undefined : true}>
      <caption className="best-time__caption">
        <Trans>Times in your time zone ({zone})</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Time</Trans>
          </th>
          <th scope="col">
            {answer?.basis === 'engagement' ? (
              <Trans>Average likes and comments</Trans>
            ) : (
              <Trans>Followers online</Trans>
            )}
          </th>
        </tr>
      </thead>
      <tbody>
        {hours.map((hour) => {
          const value = values[hour.utcHour] ?? null;
          const isBest = answer?.best_hour_utc === hour.utcHour;
          const share = { '--best-time-share': `${top > 0 ? ((value ?? 0) / top) * 100 : 0}%` } as CSSProperties;
          return (
            <tr
              key={hour.utcHour}
              className={isBest ? 'best-time__row best-time__row--best' : 'best-time__row'}
              data-utc-hour={hour.utcHour}
            >
              <th scope="row">{formats.time.format(hour.start)}</th>
              <td>
                <span className="best-time__cell">
                  <span className="best-time__track" aria-hidden="true">
                    <span className="best-time__bar" style={share} />
                  </span>
                  <span className="best-time__value">
                    {!answer ? '' : value === null ? <Trans>No posts</Trans> : formats.number.format(value)}
                  </span>
                  {isBest && (
                    <strong className="best-time__mark">
                      <Trans>Best</Trans>
                    </strong>
                  )}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
