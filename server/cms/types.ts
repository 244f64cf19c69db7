// The shape of a CMS page (spec §7 GET cms/pages/{name}/): structured text, rendered by React, so no
// HTML ever crosses the wire.
import type { Locale } from '../../common/locales.ts';

export const cmsPageNames = ['TERMS_OF_SERVICE', 'PRIVACY_POLICY'] as const;
export type CmsPageName = (typeof cmsPageNames)[number];

export interface CmsSection {
  heading: string;
  paragraphs: string[];
}

export interface CmsPage {
  title: string;
  /** ISO date the text was last changed. */
  updated: string;
  sections: CmsSection[];
}

export type CmsContent = Record<CmsPageName, Record<Locale, CmsPage>>;
