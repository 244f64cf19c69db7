// Accessibility steps for e2e tests (issue 20): axe-core with the WCAG 2.2 A and AA rules, and what a
// keyboard user sees of the focused element.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import axe, { type AxeResults, type Result, type RunOptions } from 'axe-core';

/** Every rule of WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe tags each rule by the version that added it). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One line per failing element: the rule, its impact, where, and axe's own summary of what to fix. */
function describe(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
}

/**
 * The options every scan runs with. `AxeBuilder.options()` replaces what `withTags()` set, so the scans
 * have always run axe's whole default rule set (WCAG 2.2 A and AA and its best practices), not the tags
 * alone: kept as it was, since every screen passes it. Only violations are gathered: axe otherwise
 * collects and serializes every passing node too, most of a scan's time on a long screen.
 */
const AXE_OPTIONS = { resultTypes: ['violations'] } satisfies RunOptions;

/**
 * In the page: axe's violations of the page as it is now, or null while axe is not in this document yet.
 * Frames are left out: it runs only on a page that has none (`expectNoAxeViolations`). Runs in the
 * browser, so it uses nothing from outside its own body.
 */
async function violationsInPage(options: RunOptions): Promise<Result[] | null> {
  const { axe } = window as unknown as { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
  if (!axe) return null;
  return (await axe.run(document, { ...options, iframes: false })).violations;
}

/**
 * Runs axe on the page as it is now and fails the test, naming each element, on any violation of any
 * impact. Soft, so one run reports every screen's faults; the test still fails at its end.
 *
 * A page with no frames (every screen of the app, but for a moment after its service worker takes
 * control) is scanned by axe in the page itself, loaded once per document: `AxeBuilder` loads axe's
 * 600 kB again for each scan and finishes every scan in a new blank page, about a second a scan on a
 * loaded 2-core machine against a fifth of one (issue 37). A page with frames goes through `AxeBuilder`,
 * which scans inside them too.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  let violations: Result[] | null = null;
  if (page.frames().length === 1) {
    violations = await page.evaluate(violationsInPage, AXE_OPTIONS);
    if (violations === null) {
      await page.evaluate(axe.source);
      violations = await page.evaluate(violationsInPage, AXE_OPTIONS);
    }
  }
  violations ??= (await new AxeBuilder({ page }).withTags(WCAG_22_AA).options(AXE_OPTIONS).analyze()).violations;
  expect.soft(describe(violations), `axe on ${screen}`).toEqual([]);
}

/** What a keyboard user sees of the focused element. */
interface FocusSeen {
  /** The element, as a tag with its accessible text, for failure messages. */
  element: string;
  /** In the viewport with a size. */
  inView: boolean;
  /** Not entirely covered by something else (a sticky bar, a dialog's backdrop): WCAG 2.4.11. */
  uncovered: boolean;
  /** A focus ring is drawn: an outline at least 2 px wide in a colour that is not transparent. */
  ring: boolean;
}

/** In the page: reads the focused element's place and focus ring. */
function readFocus(): FocusSeen {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body)
    return { element: 'nothing', inView: false, uncovered: false, ring: false };
  const box = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  const inView =
    box.width > 0 &&
    box.height > 0 &&
    box.bottom > 0 &&
    box.right > 0 &&
    box.top < innerHeight &&
    box.left < innerWidth;
  const points = [
    [0.5, 0.5],
    [0.1, 0.1],
    [0.9, 0.1],
    [0.1, 0.9],
    [0.9, 0.9],
  ].map(([x = 0, y = 0]) => document.elementFromPoint(box.left + box.width * x, box.top + box.height * y));
  const uncovered = points.some((hit) => hit !== null && (hit === element || element.contains(hit)));
  const ring =
    style.outlineStyle !== 'none' &&
    Number.parseFloat(style.outlineWidth) >= 2 &&
    !/rgba\(.*,\s*0\)$|transparent/.test(style.outlineColor);
  const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return {
    element: `<${element.tagName.toLowerCase()}> ${label.trim().slice(0, 40)}`,
    inView,
    uncovered,
    ring,
  };
}

/** The focused element is on screen, not hidden under anything, and shows its focus ring. */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const seen = await page.evaluate(readFocus);
  expect(seen, `focus on ${seen.element}`).toMatchObject({ inView: true, uncovered: true, ring: true });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through a screen,
 * checking at every step that the focus can be seen. Fails if `target` is not reached in `limit` presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 40 } = {}): Promise<void> {
  // A screen still loading has nothing to Tab to yet.
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await target.evaluateAll((elements) => elements.some((element) => element === document.activeElement))) return;
  }
  throw new Error(`${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
}
