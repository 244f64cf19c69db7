// Issue 51 item 4 in real Chromium: no 0 that was not measured. A sample account reads "—" on its cards
// before its first analysis; a first download without posts reads "after your next download" for new and
// lost followers and "not in your download" for posts (with how to ask for them); a second download a week
// later shows its own figures on the cards and in the insight summary, which was written again from it.
import type { Page } from '@playwright/test';
import { locales } from '../../common/locales.ts';
import { phrases } from '../../server/insights/phrases.ts';
import { type DownloadSpec, type Follow, makeDownload } from '../fixtures/downloads.ts';
import { expect, test } from './fixtures.ts';
import { loginAs } from './helpers.ts';
import { type TestLocale, ui } from './language.ts';

const DAY = 86_400;
const OWNER = 'maria.unmeasured';
const follows = (names: string[], at: number): Follow[] => names.map((name, i) => ({ name, at: at + i * 60 }));

async function pick(page: Page, spec: DownloadSpec, name: string) {
  const blob = await makeDownload(spec);
  await page
    .getByTestId('import-zip')
    .setInputFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(await blob.arrayBuffer()) });
}

const card = (page: Page, screen: string) => page.locator(`[data-card="${screen}"]`);

for (const locale of locales) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test('a sample account reads "—" before its first analysis, said aloud as no analysis yet', async ({
      page,
      request,
    }) => {
      await loginAs(page, request, { subscribed: true, username: 'followscope.demo', fullName: 'Demo' });
      await page.goto('/home');
      // Not 0 followers: none counted yet.
      await expect(page.getByTestId('total-followers').locator('[aria-hidden="true"]')).toHaveText('—');
      for (const screen of ['newFollowers', 'followersLost', 'mutualFollowers', 'postAnalytics']) {
        await expect(card(page, screen).locator('[data-gap="no_analysis"] [aria-hidden="true"]')).toHaveText('—');
        await expect(card(page, screen).locator('[data-gap="no_analysis"] .visually-hidden')).toHaveText(
          ui(locale, 'No analysis yet: start one to see this figure.'),
        );
        await expect(card(page, screen).locator('.dashboard__count')).toHaveCount(0);
      }
    });
  });
}

// The newcomer's languages: English, German and Brazilian Portuguese.
for (const locale of ['en', 'de', 'pt-BR'] as TestLocale[]) {
  test.describe(`a download account in ${locale}`, () => {
    test.use({ locale });

    test('reads its first download as such, then the second download’s figures on the cards and in the summary', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const now = Math.floor(Date.now() / 1000);
      const longAgo = now - 500 * DAY;
      await loginAs(page, request, { subscribed: true, username: OWNER, fullName: 'Maria' });
      await page.goto('/import');

      // Last week's download: only "Followers and following", as the import guide says.
      await pick(
        page,
        {
          owner: OWNER,
          followers: [follows(['ana', 'bob', 'cris'], longAgo)],
          following: follows(['ana', 'zed'], longAgo),
          writtenAt: now - 7 * DAY,
        },
        'last-week.zip',
      );
      await expect(page.getByTestId('import-change')).toBeVisible();
      await page.goto('/home');
      for (const screen of ['newFollowers', 'followersLost']) {
        await expect(card(page, screen).locator('[data-gap="next_download"]')).toHaveText(
          ui(locale, 'After your next download'),
        );
      }
      for (const screen of ['postAnalytics', 'reelAnalytics']) {
        await expect(card(page, screen).locator('[data-gap="not_in_download"]')).toHaveText(
          ui(locale, 'Not in your download'),
        );
      }
      // A measured figure stays: ana is the one mutual follower.
      await expect(card(page, 'mutualFollowers').locator('.dashboard__count')).toHaveText('1');
      // Who came is not "nobody": there is nothing to compare with yet.
      await card(page, 'newFollowers').click();
      await expect(page.getByTestId('follower-list-gap')).toHaveText(
        ui(locale, 'After your next download: your first one has nothing to compare with.'),
      );
      await page.goto('/home');

      // The summary of a first download: no "gained 0 and lost 0", no advice to run an analysis.
      const insight = page.getByTestId('insight');
      await insight.getByRole('button', { name: ui(locale, 'Get my insights') }).click();
      const summary = insight.locator('.insight__summary');
      await expect(summary).toContainText(phrases.firstDownload[locale]);
      await expect(insight.locator('.insight__actions')).toContainText(phrases.actFirstDownload[locale]);
      await expect(insight.locator('.insight__actions')).not.toContainText(phrases.actFirstAnalysis[locale]);

      // The post figures say they are not in the download, and how to ask for one that has them.
      await card(page, 'postAnalytics').click();
      const metrics = page.getByTestId('metrics');
      await expect(metrics.locator('[data-metric="post_count"] dd')).toHaveText(ui(locale, 'Not in your download'));
      await expect(metrics.locator('[data-metric="post_frequency"] dd')).toHaveText(ui(locale, 'Not in your download'));
      await expect(page.getByTestId('not-in-download')).toHaveText(
        ui(
          locale,
          'Not in your download: ask the network for a new one with “Content” ticked besides “Followers and following”, in JSON.',
        ),
      );

      // Today's download, with the owner's posts: bob left, dan and eva came.
      await page.goto('/import');
      await pick(
        page,
        {
          owner: OWNER,
          followers: [follows(['ana', 'cris'], longAgo), follows(['dan', 'eva'], now - 3 * DAY)],
          following: follows(['ana', 'zed'], longAgo),
          writtenAt: now,
          posts: [
            { at: now - 3 * DAY, uris: ['media/posts/a.jpg'] },
            { at: now - 10 * DAY, uris: ['media/posts/b.jpg'] },
          ],
        },
        'today.zip',
      );
      await expect(page.getByTestId('import-change')).toBeVisible();
      await page.goto('/home');
      await expect(card(page, 'newFollowers').locator('.dashboard__count')).toHaveText('2');
      await expect(card(page, 'followersLost').locator('.dashboard__count')).toHaveText('1');
      await expect(card(page, 'postAnalytics').locator('.dashboard__count')).toHaveText('2');
      // A measured 0: the download holds the owner's posts, and no reel.
      await expect(card(page, 'reelAnalytics').locator('.dashboard__count')).toHaveText('0');
      await expect(page.locator('.dashboard [data-gap]')).toHaveCount(0);
      // The summary is this download's, without asking again: no first download, the 2 and the 1 in it.
      await expect(summary).not.toContainText(phrases.firstDownload[locale]);
      const gained = phrases.netGainDownload[locale].replace('{new}', '2').replace('{lost}', '1').replace('{net}', '1');
      await expect(summary).toContainText(gained);
    });
  });
}
