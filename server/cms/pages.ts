// Terms of Service and Privacy Policy in the six languages (spec §2 Static text; served by GET
// cms/pages/{name}/). The words are content, not code: one Markdown file per page and language under
// content/legal/<locale>/, read once when the server starts, so a lawyer's edit needs no developer and a
// missing or malformed page stops the start instead of answering blank.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lexer, type Token, type Tokens } from 'marked';
import { type Locale, locales } from '../../common/locales.ts';
import { type CmsContent, type CmsPage, type CmsPageName, type CmsSection, cmsPageNames } from './types.ts';

/** Where the pages live: content/legal/<locale>/<file>. */
export const LEGAL_DIR = fileURLToPath(new URL('../../content/legal/', import.meta.url));

export const legalFiles: Record<CmsPageName, string> = {
  TERMS_OF_SERVICE: 'terms-of-service.md',
  PRIVACY_POLICY: 'privacy-policy.md',
};

export class LegalPageError extends Error {}

/** A paragraph's or heading's words as plain text: emphasis and links keep their text, nothing else passes. */
function plain(tokens: Token[] | undefined, where: string): string {
  let out = '';
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text':
        out += 'tokens' in token && token.tokens ? plain(token.tokens, where) : (token as Tokens.Text).text;
        break;
      case 'escape':
        out += (token as Tokens.Escape).text;
        break;
      case 'br':
        out += ' ';
        break;
      case 'strong':
      case 'em':
      case 'del':
      case 'link':
        out += plain((token as Tokens.Strong).tokens, where);
        break;
      case 'codespan':
        out += (token as Tokens.Codespan).text;
        break;
      default:
        // HTML, images and the like would need rendering the app does not do (pages are plain text).
        throw new LegalPageError(`${where}: "${token.raw.trim()}" is not plain text (a ${token.type})`);
    }
  }
  // A paragraph wrapped over several lines reads as one line; other spaces (French's no-break spaces
  // before a colon) are kept as written.
  return out.replace(/[ \t]*\n[ \t]*/g, ' ').replace(/^[ \t]+|[ \t]+$/g, '');
}

/**
 * Reads one page: a front matter line `updated: YYYY-MM-DD`, one `# title`, then `## section` headings
 * each followed by paragraphs.
 */
export function parseLegalPage(markdown: string, where: string): CmsPage {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  const updated = front && /^updated:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(front[1] as string)?.[1];
  if (!updated) throw new LegalPageError(`${where}: starts without "---\\nupdated: YYYY-MM-DD\\n---"`);
  let title: string | undefined;
  const sections: CmsSection[] = [];
  for (const token of lexer(markdown.slice((front as RegExpExecArray)[0].length))) {
    if (token.type === 'space') continue;
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 1 && title === undefined) {
      title = plain((token as Tokens.Heading).tokens, where);
    } else if (token.type === 'heading' && (token as Tokens.Heading).depth === 2 && title !== undefined) {
      sections.push({ heading: plain((token as Tokens.Heading).tokens, where), paragraphs: [] });
    } else if (token.type === 'paragraph' && sections.length > 0) {
      sections.at(-1)?.paragraphs.push(plain((token as Tokens.Paragraph).tokens, where));
    } else {
      throw new LegalPageError(
        `${where}: unexpected ${token.type} "${token.raw.trim().slice(0, 60)}" (a page is "# title", then "## section" headings with paragraphs)`,
      );
    }
  }
  if (title === undefined || sections.length === 0) throw new LegalPageError(`${where}: no "# title" and sections`);
  const empty = sections.find((section) => section.paragraphs.length === 0);
  if (empty) throw new LegalPageError(`${where}: the section "${empty.heading}" has no paragraph`);
  return { title, updated, sections };
}

/** Every page in every language, or an error naming the first file that is missing or malformed. */
export function loadLegalPages(dir = LEGAL_DIR): CmsContent {
  const content = {} as CmsContent;
  for (const name of cmsPageNames) {
    content[name] = {} as Record<Locale, CmsPage>;
    for (const locale of locales) {
      const path = join(dir, locale, legalFiles[name]);
      let markdown: string;
      try {
        markdown = readFileSync(path, 'utf8');
      } catch {
        throw new LegalPageError(`${path}: missing (every language needs ${legalFiles[name]})`);
      }
      content[name][locale] = parseLegalPage(markdown.replace(/\r\n/g, '\n'), path);
    }
  }
  return content;
}

export const cmsContent: CmsContent = loadLegalPages();
