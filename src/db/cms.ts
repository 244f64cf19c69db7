// Terms and privacy, cached per language so they open offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from './db.ts';
import type { CmsPageRow } from './schema.ts';

/** The cached page, live. */
export function useCmsPage(name: CmsPageRow['name'], locale: string): CmsPageRow | undefined {
  return useLiveQuery(() => db.cmsPages.get([name, locale]), [name, locale]);
}

/** Stores a fetched page. */
export async function writeCmsPage(page: Omit<CmsPageRow, 'updatedAt'>, now = Date.now()): Promise<void> {
  await db.cmsPages.put({ ...page, updatedAt: now });
}
