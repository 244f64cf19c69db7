// Which parts of the shell each screen shows (spec §2 "Shell"), read from the screens' table
// (common/screens.ts) as one pure function.
import { type ScreenId, screenEntry } from '../../common/screens.ts';

export interface ShellParts {
  header: boolean;
  footer: boolean;
  /** Terms and privacy links, inside the footer. */
  legalLinks: boolean;
  /** The support contact line, inside the footer. */
  contactLine: boolean;
  /** The payment footer's "Have a question?" line, inside the footer. */
  paymentFooter: boolean;
  /** The main area fills the view from the first paint (common/screens.ts `Shell.fillsView`). */
  fillsView: boolean;
}

/** The shell parts a screen shows. */
export function shellParts(screen: ScreenId): ShellParts {
  const { header, footer, legalLinks, contactLine, paymentFooter, fillsView } = screenEntry(screen).shell;
  return {
    header,
    footer,
    legalLinks: footer && legalLinks !== false,
    contactLine: footer && contactLine !== false,
    paymentFooter: footer && paymentFooter === true,
    fillsView: fillsView === true,
  };
}
