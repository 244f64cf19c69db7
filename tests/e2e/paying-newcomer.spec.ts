// Issue 34: a paying newcomer is told the truth before paying and sees it after. In Brazilian Portuguese,
// as a real account: the offer says what the account gets and from where, sells nothing no legitimate
// source gives, states the charges before the click in the reader's money, confirms the charge before the
// code screen, mails a receipt, and Manage subscription shows the trial and the next charge; the trial's
// days start with the first import.
import type { Page } from '@playwright/test';
import { endOfPeriod } from '../../common/billing-periods.ts';
import { makeDownload } from '../fixtures/downloads.ts';
import { expectNoAxeViolations } from './a11y-helpers.ts';
import { codeFor, mailTo, typeCode, uniqueEmail } from './accounts-helpers.ts';
import { cards, continueAfterPaying, fillCheckout, pay } from './checkout-helpers.ts';
import { expect, test } from './fixtures.ts';
import { ui } from './language.ts';

const DAY = 86_400_000;
const OWNER = 'maria.lopez.photo';

test.use({ locale: 'pt-BR' });

/** Intl writes money and dates with no-break spaces; compare as plain text. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const longDate = (at: number) => plain(new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long' }).format(new Date(at)));
/** A date some days from now, as it may read on either side of a midnight during the test. */
const dayFromNow = (days: number, started: number) =>
  new RegExp(`(${longDate(started + days * DAY)}|${longDate(Date.now() + days * DAY)})`);
const textOf = async (page: Page, testId: string) => plain(await page.getByTestId(testId).innerText());

test('the offer, the charges, the confirmation, the receipt and the trial, in Portuguese', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const email = uniqueEmail('maria');
  await page.goto('/paymentplan');

  // An honest offer: each feature with its source; nothing no legitimate source gives is for sale.
  const features = page.getByTestId('offer-features');
  await expect(features).toContainText('Do seu download de dados');
  await expect(features).toContainText('pode levar até 48 horas');
  await expect(features).toContainText('Seguidores novos e perdidos, com o nome');
  await expect(features).toContainText('O que não vendemos');
  // This server has no official-API app: what only the official API gives is not listed.
  await expect(features).not.toContainText('API oficial da rede');
  // Plans in the reader's language and money; the trial renews into a plan the page lists, at its price.
  const trial = page.getByRole('radio', { name: /Teste de 7 dias/ });
  await expect(trial).toBeChecked();
  await expect(page.locator('.plan--selected')).toContainText('depois Mensal: US$ 19,99 por mês');
  await expect(page.getByRole('radio', { name: /^Mensal .*US\$ 19,99 por mês/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Semanal/ })).toBeVisible();

  // The charges before the click: today's amount, the renewal's plan, price and first date.
  await page.getByRole('button', { name: ui('pt-BR', 'Get My Plan') }).click();
  await expectNoAxeViolations(page, 'the offer with its charges line');
  const charges = await textOf(page, 'charges');
  expect(charges).toContain('Hoje você paga US$ 2,99 por um teste de 7 dias.');
  expect(charges).toMatch(dayFromNow(9, started));
  expect(charges).toContain('renova automaticamente como Mensal por US$ 19,99 por mês');
  expect(charges).toMatch(dayFromNow(16, started));
  await expect(page.getByRole('button', { name: 'Pagar US$ 2,99 hoje' })).toBeVisible();
  // A plan without a trial states its own first renewal.
  await page.getByRole('radio', { name: /^Mensal/ }).check();
  const monthly = await textOf(page, 'charges');
  expect(monthly).toContain('Hoje você paga US$ 19,99. A assinatura se renova automaticamente por US$ 19,99 por mês');
  const nextMonth = (at: number) =>
    longDate(endOfPeriod({ code: 'monthly', intervalLength: 1 }, new Date(at), 1).getTime());
  expect([nextMonth(started), nextMonth(Date.now())].some((date) => monthly.includes(date))).toBe(true);
  await page.getByRole('radio', { name: /Teste de 7 dias/ }).check();

  // Pay; the charge is confirmed before the code screen.
  await fillCheckout(page, 'pt-BR', { username: OWNER, email, card: cards.success });
  await pay(page, 'pt-BR');
  const confirmation = page.getByTestId('payment-confirmation');
  await expect(confirmation.getByRole('heading', { name: 'Pagamento recebido' })).toBeFocused({ timeout: 30_000 });
  await expect(confirmation).toContainText('Cobramos US$ 2,99 em seu cartão.');
  await expect(confirmation).toContainText(`Um recibo está a caminho de ${email}.`);
  expect(plain(await confirmation.innerText())).toMatch(dayFromNow(16, started));
  await expectNoAxeViolations(page, 'the confirmation of the charge');

  // The receipt, in the payer's language, with the amount, the plan, the next charge and how to cancel.
  const receipt = (await mailTo(request, email)).find((mail) => mail.kind === 'receipt');
  expect(plain(receipt?.subject ?? '')).toBe('Seu recibo do Followscope: US$ 2,99');
  for (const part of [
    'Valor: US$ 2,99',
    'Pago com: Cartão',
    'Plano: Teste de 7 dias, depois Mensal',
    '“Cancelar assinatura”',
  ]) {
    expect(plain(receipt?.text ?? '')).toContain(part);
  }

  await continueAfterPaying(page, 'pt-BR');
  await expect(page).toHaveURL(/\/otp$/);
  await typeCode(page, await codeFor(request, email));
  await page.getByRole('button', { name: ui('pt-BR', 'Submit') }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Manage subscription: the plan in Portuguese, the trial waiting for the first figures, the next charge.
  await page.goto('/managesubscription');
  await expect(page.getByText('Teste de 7 dias · Mensal')).toBeVisible();
  expect(await textOf(page, 'trial')).toMatch(dayFromNow(9, started));
  expect(await textOf(page, 'next-charge')).toMatch(/US\$ 19,99/);
  expect(await textOf(page, 'next-charge')).toMatch(dayFromNow(16, started));
  await expect(page.getByRole('button', { name: 'Cancelar assinatura' })).toBeVisible();
  await expectNoAxeViolations(page, 'Manage subscription with the trial and the next charge');

  // The first figures arrive with the first import: the 7 days count from now.
  await page.goto('/import');
  const zip = await makeDownload({
    owner: OWNER,
    followers: [[{ name: 'ana', at: Math.floor(started / 1000) - 400 * 86_400 }]],
    following: [{ name: 'ana', at: Math.floor(started / 1000) - 300 * 86_400 }],
    writtenAt: Math.floor(started / 1000),
  });
  await page.getByTestId('import-zip').setInputFiles({
    name: 'instagram-maria.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(await zip.arrayBuffer()),
  });
  await expect(
    page.getByText(
      ui('pt-BR', 'Imported: {followers} followers and {following} following.', { followers: 1, following: 1 }),
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      async () => {
        await page.goto('/managesubscription');
        await expect(page.getByTestId('next-charge')).toBeVisible();
        return (await page.getByTestId('trial').count()) ? textOf(page, 'trial') : '';
      },
      { timeout: 30_000 },
    )
    .toMatch(dayFromNow(7, started));
  expect(await textOf(page, 'trial')).toMatch(/^O teste termina: /);
  expect(await textOf(page, 'next-charge')).toMatch(dayFromNow(7, started));
});
