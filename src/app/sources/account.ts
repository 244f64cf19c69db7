// What an account's sources are, read from the cached user record (issue 17), so every screen can say
// where its figures came from, offline too.
import type { ConnectedSource, Provenance, SourceKind } from '../../../common/schema/provenance.ts';
import type { OfficialConnection, UserRecord } from '../../../common/schema/user.ts';

export interface AccountSources {
  /** The record is read: until then a screen paints what it has cached, and decides nothing. */
  known: boolean;
  /** The sample network fills this account's figures: a demo, marked "Sample data" everywhere. */
  demo: boolean;
  /** The account has at least one source; none means "Get your data". */
  hasAny: boolean;
  /** Where the stored counts and lists came from, when there are any. */
  figures: Provenance | undefined;
  /** Every source the account has, with the time of its newest figures. */
  sources: ConnectedSource[];
  /** The official-API connection; undefined when this server offers none (issue 18). */
  official: OfficialConnection | undefined;
}

/** Source names a record cached before issue 17 may still carry. */
const legacy: Record<string, SourceKind> = { network: 'sample', import: 'download' };

/** spec §3's last_updated_at (DD-MM-YYYY HH:mm:ss, UTC) as ISO 8601. */
function fromSpecTime(text: string | null): string | undefined {
  const match = text && /^(\d\d)-(\d\d)-(\d{4}) (\d\d:\d\d:\d\d)$/.exec(text);
  return match ? `${match[3]}-${match[2]}-${match[1]}T${match[4]}.000Z` : undefined;
}

/** The sources of the account whose record this is. */
export function accountSources(user: UserRecord | undefined): AccountSources {
  if (!user) return { known: false, demo: false, hasAny: false, figures: undefined, sources: [], official: undefined };
  const raw = user.data_source as string | null | undefined;
  const source = raw ? (legacy[raw] ?? (raw as SourceKind)) : undefined;
  const at = user.data_at ?? fromSpecTime(user.last_updated_at);
  const figures = source && at ? { source, at } : undefined;
  const sources: ConnectedSource[] = user.sources ?? (figures ? [figures] : []);
  return {
    known: true,
    demo: sources.some((s) => s.source === 'sample'),
    hasAny: sources.length > 0,
    figures,
    sources,
    official: user.official,
  };
}
