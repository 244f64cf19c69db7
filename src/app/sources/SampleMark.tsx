// The "Sample data" mark: on every card and screen whose figures are the sample network's (issue 17).
import { Trans } from '@lingui/react/macro';

export function SampleMark() {
  return (
    <span className="sample-mark" data-testid="sample-mark">
      <Trans>Sample data</Trans>
    </span>
  );
}
