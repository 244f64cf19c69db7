// Which sources can fill each screen that shows figures (docs/sources.md), and which would give them to an
// account that lacks them, as the screens' table says (common/screens.ts). The dashboard's cards and every
// data screen read it.

import type { SourceKind } from '../../../common/schema/provenance.ts';
import { type DataScreen, type ScreenSources, screenEntry, screenIds } from '../../../common/screens.ts';
import type { AccountSources } from './account.ts';

export type { DataScreen };

/** Each data screen's sources. */
export const screenSources = Object.fromEntries(
  screenIds.flatMap((screen) => {
    const sources = screenEntry(screen).sources;
    return sources ? [[screen, sources]] : [];
  }),
) as Record<DataScreen, ScreenSources>;

/**
 * Issue 50 item 5: whether the screen is one of the official API gives nothing of while the account has it,
 * which its card and screen then say.
 */
export function notInOfficial(screen: DataScreen, account: AccountSources): boolean {
  const sources = screenSources[screen];
  return sources.notInOfficial === true && account.sources.some((source) => source.source === 'official');
}

/** The source that fills this screen for the account, or undefined when none of its sources does. */
export function fillingSource(screen: DataScreen, account: AccountSources): SourceKind | undefined {
  const kinds: readonly SourceKind[] = screenSources[screen].fills;
  if (account.figures && kinds.includes(account.figures.source)) return account.figures.source;
  // With the official API's counts on the dashboard, names still come from an imported download, and
  // after a download's import the official API's collected posts still fill their screens.
  const has = (kind: SourceKind) => account.sources.some((source) => source.source === kind && source.at);
  if (kinds.includes('download') && has('download')) return 'download';
  if (kinds.includes('official') && has('official')) return 'official';
  // The demo's screens are the sample network's, before its first analysis too (they say "start one").
  return account.demo && kinds.includes('sample') ? 'sample' : undefined;
}
