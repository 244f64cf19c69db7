// A figure no connected source gives (issue 17): said in words with the source that would give it,
// never shown as 0 or invented.
import { useLingui } from '@lingui/react';
import type { SourceKind } from '../../../common/schema/provenance.ts';
import { unavailableShort, unavailableText } from './describe.ts';

export function Unavailable({ needs, short = false }: { needs: readonly SourceKind[]; short?: boolean }) {
  const { i18n } = useLingui();
  return (
    <span className="unavailable" data-testid="unavailable" data-needs={needs.join(' ')}>
      {short ? unavailableShort(needs, i18n) : unavailableText(needs, i18n)}
    </span>
  );
}
