// Terms and privacy, cached per language so they open offline.
import { db } from './db.ts';
import { useLocalRead } from './local-read.ts';
import type { CmsPageRow } from './schema.ts';

/** The cached page, live. */
export function useCmsPage(name: CmsPageRow['name'], locale: string): CmsPageRow | undefined {
  return useLocalRead({ key: `cmsPage:${name}:${locale}`, read: () => db.cmsPages.get([name, locale]) });
}

/** Stores a fetched page. */
export async function writeCmsPage(page: Omit<CmsPageRow, 'updatedAt'>, now = Date.now()): Promise<void> {
  await db.cmsPages.put({ ...page, updatedAt: now });
}
