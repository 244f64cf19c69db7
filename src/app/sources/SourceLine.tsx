// "From … , when" under a screen's title or a card's figure (issue 17), with the "Sample data" mark
// when the figures are the sample network's.
import { useLingui } from '@lingui/react';
import type { Provenance } from '../../../common/schema/provenance.ts';
import { currentLocale } from '../../i18n/index.ts';
import { sourceLineText } from './describe.ts';
import { SampleMark } from './SampleMark.tsx';

export function SourceLine({
  provenance,
  className,
  pending = false,
}: {
  provenance: Provenance | null | undefined;
  className?: string;
  /** The figures are on their way and will say their source: the line keeps its room until then (issue 31). */
  pending?: boolean;
}) {
  const { i18n } = useLingui();
  if (!provenance) return pending ? <p className={`source-line ${className ?? ''}`} aria-hidden="true" /> : null;
  return (
    <p className={`source-line ${className ?? ''}`} data-testid="source-line" data-source={provenance.source}>
      {provenance.source === 'sample' && <SampleMark />}
      <span>{sourceLineText(provenance, i18n, currentLocale())}</span>
    </p>
  );
}
