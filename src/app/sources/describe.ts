// The words for a figure's source and for what no connected source gives (issue 17): one scheme for
// every screen, so "From your download of 12 Nov 2026" and "Not available yet" read the same everywhere.
// Issue 51: and for a figure a source the account has gives, but not yet or not this time.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FigureGap, Provenance, SourceKind } from '../../../common/schema/provenance.ts';
import { dateTimeFormat } from '../../i18n/formats.ts';

/** A time as a source line says it: the time alone today, with the date otherwise. */
function when(at: Date, locale: string, now: Date): string {
  const sameDay = at.toDateString() === now.toDateString();
  const style: Intl.DateTimeFormatOptions = sameDay
    ? { timeStyle: 'short' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return dateTimeFormat(locale, style).format(at);
}

/** "From the sample network, 10:42", "From your download of 12 Nov 2026", "From the official API, 10:42". */
export function sourceLineText(provenance: Provenance, i18n: I18n, locale: string, now = new Date()): string {
  const at = new Date(provenance.at);
  switch (provenance.source) {
    case 'sample': {
      const time = when(at, locale, now);
      return i18n._(msg`From the sample network, ${time}`);
    }
    case 'download': {
      const date = dateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
      return i18n._(msg`From your download of ${date}`);
    }
    case 'official': {
      const time = when(at, locale, now);
      return i18n._(msg`From the official API, ${time}`);
    }
  }
}

/**
 * Why a figure is not shown, in a sentence: the sources that would give it, or that none does. Where this
 * server has no official-API app (`officialHere` false), the official API is named as what would give it
 * but not offered as a way (issue 34: a "not available" never points to a source that cannot fill it).
 */
export function unavailableText(
  needs: readonly SourceKind[],
  i18n: I18n,
  officialHere = true,
  notInOfficial = false,
): string {
  const download = needs.includes('download');
  // Issue 50 item 5: an account with the official API is told that it gives no such list, not only what does.
  if (notInOfficial && download)
    return i18n._(msg`The network’s official API does not give this list. Your data download does.`);
  const official = needs.includes('official') && officialHere;
  if (download && official)
    return i18n._(
      msg`Not available yet: your data download or a connected professional account (the official API) gives this.`,
    );
  if (official)
    return i18n._(msg`Not available yet: only a connected professional account (the official API) gives this.`);
  if (download) return i18n._(msg`Not available yet: your data download gives this.`);
  if (needs.includes('sample'))
    return i18n._(
      msg`Only a demo on the sample network: no legitimate source gives other people’s stories or media, and Followscope never logs in as you.`,
    );
  if (needs.includes('official'))
    return i18n._(
      msg`Not available here: only the network’s official API gives this, for business and creator accounts, and this server is not set up for it.`,
    );
  return i18n._(msg`Not available: no legitimate source gives this.`);
}

/** The same, short enough for a dashboard card. */
export function unavailableShort(
  needs: readonly SourceKind[],
  i18n: I18n,
  officialHere = true,
  notInOfficial = false,
): string {
  const download = needs.includes('download');
  if (notInOfficial && download) return i18n._(msg`Not in the official API · your download`);
  const official = needs.includes('official') && officialHere;
  if (download && official) return i18n._(msg`Not available yet · your download or the official API`);
  if (official) return i18n._(msg`Not available yet · official API`);
  if (download) return i18n._(msg`Not available yet · your download`);
  if (needs.includes('sample')) return i18n._(msg`Sample network demo only`);
  if (needs.includes('official')) return i18n._(msg`Not available here · needs the official API`);
  return i18n._(msg`Not available · no source gives this`);
}

/** Issue 51: why a figure of the account's own source is not shown, short enough for a card ("—" before any analysis). */
export function figureGapShort(gap: FigureGap, i18n: I18n): string {
  switch (gap) {
    case 'no_analysis':
      return '—';
    case 'next_analysis':
      return i18n._(msg`After your next analysis`);
    case 'next_download':
      return i18n._(msg`After your next download`);
    case 'not_in_download':
      return i18n._(msg`Not in your download`);
  }
}

/** The same in a sentence, with what to do about it: read aloud for "—", and shown where there is room. */
export function figureGapText(gap: FigureGap, i18n: I18n): string {
  switch (gap) {
    case 'no_analysis':
      return i18n._(msg`No analysis yet: start one to see this figure.`);
    case 'next_analysis':
      return i18n._(msg`After your next analysis: your first one has nothing to compare with.`);
    case 'next_download':
      return i18n._(msg`After your next download: your first one has nothing to compare with.`);
    case 'not_in_download':
      return i18n._(
        msg`Not in your download: ask the network for a new one with “Content” ticked besides “Followers and following”, in JSON.`,
      );
  }
}
