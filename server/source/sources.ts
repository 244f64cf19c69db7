// Which legitimate sources an account's figures come from (issue 17, docs/sources.md): the sample
// network only for its own usernames while it runs here, the owner's data download once one is
// imported, and the official API once the owner connects a professional account. Nothing else ever fills a figure.
import type { ConnectedSource, Provenance, SourceKind } from '../../common/schema/provenance.ts';
import type { UserRow } from '../auth/tokens.ts';
import { isSampleAccount } from './sample.ts';

/** What decides the sources: whether the sample network runs here (SAMPLE_NETWORK). */
export interface SourceSettings {
  sampleNetwork: boolean;
  /** The official API is configured (issue 18): accounts may connect. */
  official?: unknown;
}

/** True when the sample network may fill this account's figures: it runs here and the name is its own. */
export function hasSampleSource(settings: SourceSettings, username: string): boolean {
  return settings.sampleNetwork && isSampleAccount(username);
}

/** The sources this account has, each with the time of its newest figures (null: none collected yet). */
export function sourcesOf(user: UserRow, settings: SourceSettings): ConnectedSource[] {
  const sources: ConnectedSource[] = [];
  if (hasSampleSource(settings, user.username)) {
    const at = user.dataSource === 'sample' ? user.dataTakenAt : null;
    sources.push({ source: 'sample', at: at?.toISOString() ?? null });
  }
  if (user.downloadTakenAt) sources.push({ source: 'download', at: user.downloadTakenAt.toISOString() });
  // A connection that stopped keeps its collected figures: the source stays, with their time.
  if (user.officialStatus !== 'none' || user.officialCollectedAt) {
    sources.push({ source: 'official', at: user.officialCollectedAt?.toISOString() ?? null });
  }
  return sources;
}

/** The source of the account's stored figures, when it has any. */
export function figureSource(user: UserRow): SourceKind | undefined {
  return user.dataSource === 'sample' || user.dataSource === 'download' || user.dataSource === 'official'
    ? user.dataSource
    : undefined;
}

/** The account's official-API figures were collected at least once (they stay after a disconnect). */
export function hasOfficialFigures(user: UserRow): boolean {
  return user.officialCollectedAt !== null;
}

/** Where the account's stored figures (counts and lists) came from and when; undefined before any. */
export function figuresProvenance(user: UserRow): Provenance | undefined {
  const source = figureSource(user);
  const at = user.dataTakenAt ?? user.lastUpdatedAt;
  return source && at ? { source, at: at.toISOString() } : undefined;
}
