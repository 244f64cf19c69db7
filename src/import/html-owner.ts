// The owner of an HTML download (issue 21), from personal_information.html: a table whose rows pair
// a label, written in the account's language, with a value ("Username" then "maria.lopez"). The label
// is matched in the app's six languages; the text after it is the username when it looks like one.
import { decodeEntities, type HtmlHandler, HtmlScanner } from './html-scanner.ts';
import { isUsernameLabel, USERNAME } from './username-labels.ts';

/** The username in a personal information page, if it names one. */
export function ownerOfHtml(page: Uint8Array): string | undefined {
  const decoder = new TextDecoder();
  let afterLabel = false;
  let owner: string | undefined;
  const handler: HtmlHandler = {
    wantsText: true,
    startTag() {},
    endTag() {},
    text(bytes, length) {
      if (owner !== undefined) return;
      const text = decodeEntities(decoder.decode(bytes.subarray(0, length)))
        .trim()
        .toLowerCase();
      if (!text) return;
      if (afterLabel && USERNAME.test(text)) owner = text;
      afterLabel = isUsernameLabel(text);
    },
  };
  const scanner = new HtmlScanner(handler);
  scanner.write(page);
  scanner.end();
  return owner;
}
