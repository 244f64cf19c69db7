// Issue 31: the offer page, a visitor's first visit on a slow phone, paints its footer below the fold, so
// the plans arriving never push it out of view (a shift of 0.10 before, measured by Lighthouse and here).
import { expect, test } from './fixtures.ts';
import { cumulative, recordLayoutShifts, shiftsOfVisit, throttle, trackApiRequests } from './layout-shift-helpers.ts';

test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

test('the offer page does not move as its plans arrive on a slow phone', async ({ page, context }) => {
  await context.addInitScript(recordLayoutShifts);
  const openRequests = trackApiRequests(page);
  await throttle(page, context);
  const shifts = await shiftsOfVisit(page, openRequests, '/paymentplan', '.offer button.button--wide');
  expect(shifts.flatMap((shift) => shift.moved).filter((moved) => moved.startsWith('footer'))).toEqual([]);
  expect(cumulative(shifts)).toBeLessThanOrEqual(0.1);
});
