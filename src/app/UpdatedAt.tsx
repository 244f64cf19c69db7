// "Updated …" under a screen's title (issue 8): cached data says how old it is.
import { Trans } from '@lingui/react/macro';
import { currentLocale } from '../i18n/index.ts';

export function UpdatedAt({ time }: { time: number | undefined }) {
  if (!time) return null;
  const when = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  return (
    <p className="analytics__updated">
      <Trans>Updated {when}</Trans>
    </p>
  );
}
