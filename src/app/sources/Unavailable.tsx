// A figure no connected source gives (issue 17): said in words with the source that would give it,
// never shown as 0 or invented.
import { useLingui } from '@lingui/react';
import type { SourceKind } from '../../../common/schema/provenance.ts';
import { unavailableShort, unavailableText } from './describe.ts';

interface Props {
  needs: readonly SourceKind[];
  short?: boolean;
  /** Whether this server offers the official API (issue 34): when not, it is not offered as a way. */
  officialHere?: boolean;
  /** The account has the official API, which gives no such figure: said first (issue 50 item 5). */
  notInOfficial?: boolean;
}

export function Unavailable({ needs, short = false, officialHere = true, notInOfficial = false }: Props) {
  const { i18n } = useLingui();
  return (
    <span className="unavailable" data-testid="unavailable" data-needs={needs.join(' ')}>
      {short
        ? unavailableShort(needs, i18n, officialHere, notInOfficial)
        : unavailableText(needs, i18n, officialHere, notInOfficial)}
    </span>
  );
}
