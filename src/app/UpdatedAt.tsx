// "Updated …" under a screen's title (issue 8): cached data says how old it is.
import { Trans } from '@lingui/react/macro';
import { dateTimeFormat } from '../i18n/formats.ts';
import { currentLocale } from '../i18n/index.ts';

export function UpdatedAt({ time, pending = false }: { time: number | undefined; pending?: boolean }) {
  // `pending`: the data is on its way and will say when it was updated; its line keeps its room (issue 31).
  if (!time) return pending ? <p className="analytics__updated" aria-hidden="true" /> : null;
  const when = dateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  return (
    <p className="analytics__updated">
      <Trans>Updated {when}</Trans>
    </p>
  );
}
