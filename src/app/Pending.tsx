// What a screen shows before its data: "Loading…", or, when the data could not be fetched and
// nothing is cached, a sentence that says so (issue 8: never stuck on a spinner).
import { Trans } from '@lingui/react/macro';

export function Pending({ missing }: { missing: boolean }) {
  return missing ? (
    <p className="analytics__loading" role="status">
      <Trans>Not saved on this device yet. Connect to the internet to load it.</Trans>
    </p>
  ) : (
    <p className="analytics__loading" aria-busy="true">
      <Trans>Loading…</Trans>
    </p>
  );
}
