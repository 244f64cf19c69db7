// The legal pages (issue 20, issue 37): one Markdown file per page and language under content/legal/,
// every language says as much as English section by section, says what the spec requires (§2 Static
// text: a free 7-day trial, auto-renewal, refunds by email, a minimum age of 16, a 14-day refund window),
// and a missing or malformed file stops the start naming it.
import { cpSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Locale, locales } from '../../common/locales.ts';
import { cmsContent, LEGAL_DIR, LegalPageError, legalFiles, loadLegalPages, parseLegalPage } from './pages.ts';
import { type CmsPageName, cmsPageNames } from './types.ts';

const shape = (name: CmsPageName, locale: Locale) =>
  cmsContent[name][locale].sections.map((section) => section.paragraphs.length);

const paragraphs = (name: CmsPageName, locale: Locale) =>
  cmsContent[name][locale].sections.flatMap((section) => section.paragraphs);

/** Spec §2's statements, as each language words them; each must be one paragraph of the Terms. */
const required: Record<Locale, Record<string, RegExp>> = {
  en: {
    trial: /free 7-day trial/,
    renewal: /renews automatically/,
    refund: /refund within 14 days .*support@followscope\.app/,
    age: /at least 16 years old/,
    trialStart: /count from the day your first figures arrive.*at the latest 9 days after you pay/,
    offer: /15 minutes, and the 15 minutes count from the first time this device shows it/,
  },
  es: {
    trial: /prueba gratuita de 7 días/,
    renewal: /se renueva automáticamente/,
    refund: /reembolso dentro de los 14 días .*support@followscope\.app/,
    age: /al menos 16 años/,
    trialStart: /cuentan desde el día en que llegan tus primeros datos.*9 días después del pago/,
    offer: /15 minutos, que cuentan desde la primera vez que este dispositivo la muestra/,
  },
  fr: {
    trial: /essai gratuit de 7 jours/,
    renewal: /renouvelé automatiquement/,
    refund: /remboursement dans les 14 jours .*support@followscope\.app/,
    age: /au moins 16 ans/,
    trialStart: /comptent à partir du jour où arrivent vos premiers chiffres.*9 jours après le paiement/,
    offer: /15 minutes, comptées à partir de la première fois que cet appareil l’affiche/,
  },
  de: {
    trial: /7 Tage lang kostenlos/,
    renewal: /verlängert sich .*automatisch/,
    refund: /innerhalb von 14 Tagen .*Erstattung .*support@followscope\.app/,
    age: /mindestens 16 Jahre/,
    trialStart: /zählen ab dem Tag, an dem deine ersten Zahlen da sind.*spätestens 9 Tage nach der Zahlung/,
    offer: /15 Minuten zählen ab dem ersten Mal, an dem dieses Gerät es zeigt/,
  },
  it: {
    trial: /prova gratuita di 7 giorni/,
    renewal: /si rinnova automaticamente/,
    refund: /rimborso entro 14 giorni .*support@followscope\.app/,
    age: /almeno 16 anni/,
    trialStart: /contano dal giorno in cui arrivano i tuoi primi dati.*9 giorni dopo il pagamento/,
    offer: /15 minuti, che contano dalla prima volta in cui questo dispositivo la mostra/,
  },
  'pt-BR': {
    trial: /teste grátis de 7 dias/,
    renewal: /renovada automaticamente/,
    refund: /reembolso em até 14 dias .*support@followscope\.app/,
    age: /pelo menos 16 anos/,
    trialStart: /contam a partir do dia em que seus primeiros dados chegam.*9 dias após o pagamento/,
    offer: /15 minutos, que contam a partir da primeira vez que este dispositivo o mostra/,
  },
};

describe('terms and privacy', () => {
  it.each(locales)('have in %s the sections and paragraphs English has', (locale) => {
    for (const name of cmsPageNames) expect(shape(name, locale)).toEqual(shape(name, 'en'));
  });

  it.each(locales)(
    'say in %s what the spec requires: a 7-day trial and when it starts, renewal, refunds by email in 14 days, 16+',
    (locale) => {
      const terms = paragraphs('TERMS_OF_SERVICE', locale);
      for (const [statement, pattern] of Object.entries(required[locale])) {
        expect(
          terms.filter((paragraph) => pattern.test(paragraph)),
          `${locale}: ${statement}`,
        ).toHaveLength(1);
      }
      expect(paragraphs('PRIVACY_POLICY', locale).some((paragraph) => /\b16\b/.test(paragraph))).toBe(true);
    },
  );

  it('describe cancelling in one click, export, deletion and what is kept (English)', () => {
    const section = cmsContent.PRIVACY_POLICY.en.sections.find(
      (s) => s.heading === 'Cancelling and deleting your account',
    );
    const text = section?.paragraphs.join(' ') ?? '';
    expect(text).toContain('“Cancel subscription”');
    expect(text).toContain('“Keep my subscription”');
    expect(text).toContain('exported from the Manage subscription screen');
    expect(text).toContain('“Delete my account”');
    expect(text).toContain(
      'a record of each payment (its date, amount, currency and plan), with no name, email or username',
    );
    expect(cmsContent.TERMS_OF_SERVICE.en.sections.find((s) => s.heading === 'Cancellation')?.paragraphs[0]).toContain(
      'in one click',
    );
  });

  it('stop the start when a language lacks a page, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'legal-'));
    try {
      cpSync(LEGAL_DIR, dir, { recursive: true });
      expect(() => loadLegalPages(dir)).not.toThrow();
      unlinkSync(join(dir, 'it', legalFiles.PRIVACY_POLICY));
      expect(() => loadLegalPages(dir)).toThrow(/it\/privacy-policy\.md: missing/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('read a lawyer’s Markdown as plain paragraphs, and refuse what the app could not show', () => {
    const page = parseLegalPage(
      '---\nupdated: 2026-12-01\n---\n\n# Terms\n\n## Refunds\n\nWrite to **support**, within\n14 days, [by mail](mailto:x@y.z).\n\nSecond.\n',
      'test.md',
    );
    expect(page).toEqual({
      title: 'Terms',
      updated: '2026-12-01',
      sections: [{ heading: 'Refunds', paragraphs: ['Write to support, within 14 days, by mail.', 'Second.'] }],
    });
    const broken = (body: string) => () =>
      parseLegalPage(`---\nupdated: 2026-12-01\n---\n\n# T\n\n## S\n\n${body}\n`, 'x.md');
    expect(broken('<script>alert(1)</script>')).toThrow(LegalPageError);
    expect(broken('- a list')).toThrow(/x\.md: unexpected list/);
    expect(broken('![a picture](p.png)')).toThrow(/not plain text/);
    expect(() => parseLegalPage('# No date\n\n## S\n\nP\n', 'y.md')).toThrow(/y\.md: starts without/);
  });
});
