import { describe, expect, it } from 'vitest';
import type { ScreenId } from '../../common/routes.ts';
import { type ShellParts, shellParts } from './shell-table.ts';

// spec §2 "Shell": header, footer, terms/privacy links, contact line, payment footer line.
const H = true;
const table: Array<[ScreenId, header: boolean, footer: boolean, legal: boolean, contact: boolean, payment: boolean]> = [
  ['welcome', !H, true, true, true, false],
  ['onboarding', !H, false, false, false, false],
  ['getMyAnalysis', !H, true, false, true, false],
  ['searching', !H, false, false, false, false],
  ['paymentPlan', !H, true, true, true, true],
  ['existingUserLogin', !H, true, false, true, false],
  ['otp', !H, true, false, true, false],
  ['forgotUser', !H, true, false, true, false],
  ['home', H, true, true, false, false],
  ['newFollowers', H, false, false, false, false],
  ['followersLost', H, false, false, false, false],
  ['notFollowsBack', H, false, false, false, false],
  ['doNotFollowsBack', H, false, false, false, false],
  ['profileViews', H, false, false, false, false],
  ['mutualFollowers', H, false, false, false, false],
  ['postAnalytics', H, true, true, true, false],
  ['reelAnalytics', !H, true, true, true, false],
  ['viewAllPosts', H, false, false, false, false],
  ['stories', H, false, false, false, false],
  ['downloadReel', H, false, false, false, false],
  ['downloadStories', H, false, false, false, false],
  ['sentimentalAnalysis', H, false, false, false, false],
  ['contactUs', H, true, true, true, false],
  ['manageSubscription', H, true, true, true, false],
  ['importDownload', H, true, true, true, false],
  ['officialConnected', H, true, true, true, false],
  ['termsOfService', !H, false, false, false, false],
  ['privacyPolicy', !H, false, false, false, false],
  ['notFound', !H, false, false, false, false],
];

describe('shell parts per screen (spec §2 Shell)', () => {
  it.each(table)('%s', (screen, header, footer, legalLinks, contactLine, paymentFooter) => {
    const expected: Omit<ShellParts, 'fillsView'> = { header, footer, legalLinks, contactLine, paymentFooter };
    expect(shellParts(screen)).toMatchObject(expected);
  });

  it("the offer, longer than a phone's view once its plans are in, fills the view from its first paint", () => {
    expect(shellParts('paymentPlan').fillsView).toBe(true);
    expect(table.filter(([screen]) => shellParts(screen).fillsView).map(([screen]) => screen)).toEqual(['paymentPlan']);
  });
});
