// GET cms/pages/{name}/ (spec §7): terms and privacy in the active language.
import * as z from 'zod/mini';
import { call } from './client.ts';

export type CmsPageName = 'TERMS_OF_SERVICE' | 'PRIVACY_POLICY';

const cmsResponseSchema = z.object({
  locale: z.string(),
  value: z.object({
    title: z.string(),
    updated: z.string(),
    sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  }),
});

/** One CMS page. */
export function fetchCmsPage(name: CmsPageName) {
  return call(`cms/pages/${name}/`, { parse: (raw) => cmsResponseSchema.parse(raw) });
}
