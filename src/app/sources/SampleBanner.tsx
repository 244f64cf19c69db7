// What the sample network is, said on every screen of a demo account (issue 17): its figures are a
// simulation's, never a real account's.
import { Trans } from '@lingui/react/macro';
import { SampleMark } from './SampleMark.tsx';

export function SampleBanner() {
  return (
    <p className="sample-banner" role="note" data-testid="sample-banner">
      <SampleMark />{' '}
      <Trans>
        This is a demo account on Followscope’s sample network, a simulation for demos and tests: its people, posts,
        comments and stories are invented, not a real account’s.
      </Trans>
    </p>
  );
}
