// A figure no connected source gives (issue 17): said in words with the source that would give it,
// never shown as 0 or invented. Issue 51: or one the account's own source gives, but not yet (before a
// first analysis, "—"; new and lost after the first) or not this time (a download without its posts).
import { useLingui } from '@lingui/react';
import type { FigureGap, SourceKind } from '../../../common/schema/provenance.ts';
import { figureGapShort, figureGapText, unavailableShort, unavailableText } from './describe.ts';

interface Props {
  needs: readonly SourceKind[];
  short?: boolean;
  /** Whether this server offers the official API (issue 34): when not, it is not offered as a way. */
  officialHere?: boolean;
  /** Issue 51: the account's source gives this figure, but not now; said instead of `needs`. */
  gap?: FigureGap;
  /** The account has the official API, which gives no such figure: said first (issue 50 item 5). */
  notInOfficial?: boolean;
}

export function Unavailable({ needs, short = false, officialHere = true, gap, notInOfficial = false }: Props) {
  const { i18n } = useLingui();
  if (gap) {
    // Before a first analysis a card reads "—", and a screen reader what it means.
    if (short && gap === 'no_analysis')
      return (
        <span className="unavailable" data-testid="unavailable" data-gap={gap}>
          <span aria-hidden="true">{figureGapShort(gap, i18n)}</span>
          <span className="visually-hidden">{figureGapText(gap, i18n)}</span>
        </span>
      );
    return (
      <span className="unavailable" data-testid="unavailable" data-gap={gap}>
        {short ? figureGapShort(gap, i18n) : figureGapText(gap, i18n)}
      </span>
    );
  }
  return (
    <span className="unavailable" data-testid="unavailable" data-needs={needs.join(' ')}>
      {short
        ? unavailableShort(needs, i18n, officialHere, notInOfficial)
        : unavailableText(needs, i18n, officialHere, notInOfficial)}
    </span>
  );
}
