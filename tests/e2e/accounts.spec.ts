// The visitor journey and accounts (issue: welcome to searching, login by code, the expired drawer,
// username recovery, logout, Clear Data, contact, and wrong, expired and dead codes) in English, with
// axe on the code screen, a toast and the drawer (issue 20). In French, what the language changes: each
// of the server's answers on these screens comes in the browser's language (the catalogs' completeness
// is tests/unit/catalogs.test.ts; the choice of language, server/i18n and i18n.spec.ts). An expired code
// is refused in German (the 10 minutes themselves: server/auth.test.ts).
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers.ts';
import {
  askForCode,
  codeFor,
  createAccount,
  logInThroughScreens,
  mailTo,
  searchOnToOffer,
  typeCode,
  uniqueEmail,
} from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';
import { serverText, type TestLocale, ui } from './language.ts';

/** The screen has its heading and nothing says it is still loading (as accessibility.spec.ts scans). */
async function settled(page: Page) {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/** Clear Data from the menu, confirmed in its dialog: the server's answer shows in the page's language. */
async function clearData(page: Page, lang: TestLocale) {
  await page.getByRole('button', { name: ui(lang, 'Menu') }).click();
  await page
    .locator('#main-menu')
    .getByRole('button', { name: ui(lang, 'Clear Data') })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: ui(lang, 'Clear Data') })
    .click();
  await expect(page.getByText(serverText(lang, 'dataCleared'))).toBeVisible();
}

/** A code that is not `code`. */
const wrongFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

test.describe('in en', () => {
  test.use({ locale: 'en-US' });
  const lang: TestLocale = 'en';
  const t = (english: string, values?: Record<string, string | number>) => ui(lang, english, values);

  test('a visitor goes from the welcome card through onboarding and the search to the offer', async ({ page }) => {
    // The page's clock, so the search's delay is run instead of waited out.
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('link', { name: t('Start analyzing') }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: t('Who Likes You') })).toBeVisible();
    await page.getByRole('button', { name: t('Great') }).click();
    await expect(page.getByRole('heading', { name: t('Your Unfollowers') })).toBeVisible();
    await page.getByRole('button', { name: t('Awesome') }).click();
    await expect(page.getByRole('heading', { name: t('See Your Stalkers') })).toBeVisible();
    await page.getByRole('button', { name: t("Let's start") }).click();
    await expect(page).toHaveURL(/\/getmyanalysis$/);

    await page.getByRole('button', { name: t('Analyze my account') }).click();
    await expect(page.getByText(t('The {name} field is required', { name: t('username') }))).toBeVisible();
    await page.getByLabel(t('Your account username')).fill(' my. user ');
    // Issue 51: the username as it will be used, said before it is sent.
    await expect(page.getByText(t('Will be used as @{used}', { used: 'my.user' }))).toBeVisible();
    await page.getByRole('button', { name: t('Analyze my account') }).click();
    await expect(page).toHaveURL(/\/searching$/);
    await expect(page.getByText(t('Preparing the offer for @{username}…', { username: 'my.user' }))).toBeVisible();
    // spec §9: +1 every 450 ms, on to the offer at 17.
    await searchOnToOffer(page);
  });

  test('a pasted profile link is taken as its username, all the way to the checkout', async ({ page }) => {
    await page.clock.install();
    await page.goto('/getmyanalysis');
    await page.getByLabel(t('Your account username')).fill('https://www.instagram.com/maria.silva_fotos/?hl=pt-br');
    await expect(page.getByText(t('Will be used as @{used}', { used: 'maria.silva_fotos' }))).toBeVisible();
    await page.getByRole('button', { name: t('Analyze my account') }).click();
    await expect(page.getByRole('heading', { name: t('Preparing your offer') })).toBeVisible();
    await expect(
      page.getByText(t('Preparing the offer for @{username}…', { username: 'maria.silva_fotos' })),
    ).toBeVisible();
    await searchOnToOffer(page);
    await page.getByRole('button', { name: t('Get My Plan') }).click();
    await expect(page.getByLabel(t('Instagram username'))).toHaveValue('maria.silva_fotos');
  });

  test('a returning subscriber logs in with the emailed code and lands on home', async ({ page, request }) => {
    const email = uniqueEmail(`login-${lang}`);
    await createAccount(request, { email, username: 'ana.lima', fullName: 'Ana Lima', subscribed: true });
    await askForCode(page, lang, email);
    const submit = page.getByRole('button', { name: t('Submit') });
    await expect(submit).toBeDisabled();
    await typeCode(page, (await codeFor(request, email)).slice(0, 3));
    await expect(submit).toBeDisabled();
    await page.keyboard.type((await codeFor(request, email)).slice(3));
    await submit.click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('header')).toContainText('Ana Lima');
    await expect(page.locator('header')).toContainText('@ana.lima');
  });

  test('an expired user chooses Activate or Cancel in the drawer', async ({ page, request }) => {
    const email = uniqueEmail(`expired-${lang}`);
    await createAccount(request, { email, username: 'lapsed', subscribed: false });
    await askForCode(page, lang, email);
    await settled(page);
    await expectNoAxeViolations(page, 'the code screen');
    await typeCode(page, await codeFor(request, email));
    await page.getByRole('button', { name: t('Submit') }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(
      t('Your account is not active anymore. Please make a payment in order to activate your account.'),
    );
    await expectNoAxeViolations(page, 'the drawer of a user whose subscription has ended');
    await drawer.getByRole('button', { name: t('Activate') }).click();
    await expect(page).toHaveURL(/\/paymentplan$/);

    await logInThroughScreens(page, request, lang, email);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('Cancel') })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: t('Start analyzing') })).toBeVisible();
  });

  test('a user who forgot the username gets it by email', async ({ page, request }) => {
    const email = uniqueEmail(`forgot-${lang}`);
    await createAccount(request, { email, username: 'forgetful.fox', subscribed: true });
    await page.goto('/forgotuser');
    await page.getByLabel(t('Email')).fill(email);
    await page.getByRole('button', { name: t('Send my username') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(serverText(lang, 'usernameSent'));
    await dialog.getByRole('button', { name: t('OK') }).click();
    await expect(page).toHaveURL(/\/getmyanalysis$/);
    const [mail] = await mailTo(request, email);
    expect(mail?.text).toContain('@forgetful.fox');
  });

  test('a subscriber clears their data, then logs out', async ({ page, request }) => {
    const email = uniqueEmail(`clear-${lang}`);
    await createAccount(request, { email, username: 'tidy', subscribed: true });
    await logInThroughScreens(page, request, lang, email);
    await expect(page).toHaveURL(/\/home$/);

    await clearData(page, lang);
    await expect(page).toHaveURL(/\/home$/);

    await page.getByRole('button', { name: t('Menu') }).click();
    await page
      .locator('#main-menu')
      .getByRole('button', { name: t('Log out') })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a subscriber sends a support message', async ({ page, request }) => {
    const email = uniqueEmail(`contact-${lang}`);
    await createAccount(request, { email, username: 'chatty', fullName: 'Chatty Cat', subscribed: true });
    await logInThroughScreens(page, request, lang, email);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/contactus');
    await expect(page.getByLabel(t('Name'))).toHaveValue('Chatty Cat');
    await expect(page.getByLabel(t('Name'))).toBeDisabled();
    await expect(page.getByLabel(t('Email'))).toHaveValue(email);
    await expect(page.getByLabel(t('Message'))).toHaveAttribute('rows', '7');
    await page.getByRole('button', { name: t('Send') }).click();
    await expect(page.getByText(t('The {name} field is required', { name: t('message') }))).toBeVisible();
    const question = `Where are my stories? (${lang})`;
    await page.getByLabel(t('Message')).fill(question);
    await page.getByRole('button', { name: t('Send') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(serverText(lang, 'supportReceived'));
    await dialog.getByRole('button', { name: t('OK') }).click();
    await expect(page).toHaveURL(/\/home$/);
    const support = await mailTo(request, 'support@followscope.app');
    expect(support.some((mail) => mail.text.includes(question))).toBe(true);
  });

  test('a wrong code counts down, a paste needs four digits, and five wrong tries kill the code', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail(`wrong-${lang}`);
    await createAccount(request, { email, username: 'unlucky', subscribed: true });
    await askForCode(page, lang, email);
    const code = await codeFor(request, email);
    const wrong = wrongFor(code);

    // A paste that is not four digits is refused; four digits fill every box.
    const paste = (text: string) =>
      page
        .locator('.code-boxes__box')
        .first()
        .evaluate((box, value) => {
          const data = new DataTransfer();
          data.setData('text', value);
          box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        }, text);
    await paste('12a4');
    await expect(page.locator('.code-boxes__box').first()).toHaveValue('');
    await paste(wrong);
    await expect(page.locator('.code-boxes__box').nth(3)).toHaveValue(wrong.slice(3));

    const submit = page.getByRole('button', { name: t('Submit') });
    await submit.click();
    // The server's answer shows as a toast.
    await expect(page.locator('.toast', { hasText: serverText(lang, 'wrongCode', { n: 4 }) })).toBeVisible();
    await expectNoAxeViolations(page, 'a toast');
    for (let tries = 3; tries >= 1; tries--) {
      await typeCode(page, wrong);
      await submit.click();
      await expect(page.getByText(serverText(lang, 'wrongCode', { n: tries }))).toBeVisible();
      // Issue 51: one answer at a time, the newest in place of the one before.
      await expect(page.locator('.toast')).toHaveCount(1);
    }
    await typeCode(page, wrong);
    await submit.click();
    await expect(page.getByText(serverText(lang, 'codeDead'))).toBeVisible();
    // The right code no longer works either.
    await typeCode(page, code);
    await submit.click();
    await expect(page.getByText(serverText(lang, 'codeDead')).first()).toBeVisible();
    await expect(page).toHaveURL(/\/otp$/);
  });
});

test.describe('in fr', () => {
  test.use({ locale: 'fr-FR' });
  const lang: TestLocale = 'fr';
  const t = (english: string, values?: Record<string, string | number>) => ui(lang, english, values);

  test('every answer of the server on these screens is in French', async ({ page, request }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail(`fr-${lang}`);
    await createAccount(request, { email, username: 'chatty', fullName: 'Chatty Cat', subscribed: true });

    // The username by email.
    await page.goto('/forgotuser');
    await page.getByLabel(t('Email')).fill(email);
    await page.getByRole('button', { name: t('Send my username') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(serverText(lang, 'usernameSent'));
    await dialog.getByRole('button', { name: t('OK') }).click();
    await expect(page).toHaveURL(/\/getmyanalysis$/);

    // Wrong codes count down, and the fifth kills the code.
    await askForCode(page, lang, email);
    const dead = await codeFor(request, email);
    const submit = page.getByRole('button', { name: t('Submit') });
    for (let tries = 4; tries >= 1; tries--) {
      await typeCode(page, wrongFor(dead));
      await submit.click();
      await expect(page.getByText(serverText(lang, 'wrongCode', { n: tries }))).toBeVisible();
    }
    await typeCode(page, wrongFor(dead));
    await submit.click();
    await expect(page.getByText(serverText(lang, 'codeDead'))).toBeVisible();

    // A fresh code logs in; a support message, then Clear Data, then Log out.
    await logInThroughScreens(page, request, lang, email);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/contactus');
    await page.getByLabel(t('Message')).fill('Où sont mes stories ?');
    await page.getByRole('button', { name: t('Send') }).click();
    await expect(dialog).toContainText(serverText(lang, 'supportReceived'));
    await dialog.getByRole('button', { name: t('OK') }).click();
    await expect(page).toHaveURL(/\/home$/);

    await clearData(page, lang);
    await page.getByRole('button', { name: t('Menu') }).click();
    await page
      .locator('#main-menu')
      .getByRole('button', { name: t('Log out') })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('an expired code, in de', () => {
  test.use({ locale: 'de-DE' });
  const lang: TestLocale = 'de';

  test('is refused after 10 minutes, and a resent code works', async ({ page, request, sharedServer }) => {
    // A server whose clock may move (tests/e2e/fixtures.ts): the suite's own serves every other test.
    const server = await sharedServer.start();
    // The page's clock too, so the resend cooldown can be fast-forwarded instead of waited out.
    await page.clock.install();
    const email = uniqueEmail('late');
    await createAccount(request, { email, username: 'late.lark', subscribed: true }, server.url);
    await askForCode(page, lang, email, server.url);
    const code = await codeFor(request, email, server.url);
    await request.post(`${server.url}/dev/clock`, { data: { advance_ms: 10 * 60_000 } });
    await typeCode(page, code);
    await page.getByRole('button', { name: ui(lang, 'Submit') }).click();
    await expect(page.getByText(serverText(lang, 'codeExpired'))).toBeVisible();

    // The resend link shows its cooldown, then sends a fresh code.
    await expect(page.getByText(/0:\d\d/)).toBeVisible();
    await expect(page.getByRole('button', { name: ui(lang, 'Resend code') })).toHaveCount(0);
    await page.clock.fastForward('00:31');
    await page.getByRole('button', { name: ui(lang, 'Resend code') }).click();
    await expect.poll(async () => codeFor(request, email, server.url)).not.toBe(code);
    await typeCode(page, await codeFor(request, email, server.url));
    await page.getByRole('button', { name: ui(lang, 'Submit') }).click();
    await expect(page).toHaveURL(/\/home$/);
    // The dashboard itself, before the server stops under it.
    await expect(page.getByRole('heading', { level: 1, name: ui(lang, 'Dashboard') })).toBeVisible();
  });
});
