// The words a receipt uses for plans, intervals and payment methods (issue 34), in the six languages: a
// Record per language makes the compiler refuse a missing one. The app names plans the same way.
import type { Locale } from '../../common/locales.ts';
import type { PaymentMethod } from '../../common/schema/billing.ts';

/** A plan as the words need it: its code, interval and trial. */
export interface PlanWords {
  code: string;
  intervalLength: number;
  trialDays: number;
  /** The name the plan table gives, for a code these words do not know. */
  name: string;
}

interface Words {
  /** The selectable plans by code; a code not here keeps its name from the plan table. */
  plans: Record<'weekly' | 'monthly' | 'quarterly', string>;
  trial: (days: number, then: string) => string;
  /** "every week", "every 3 months". */
  every: (unit: 'week' | 'month', count: number) => string;
  methods: Record<PaymentMethod, string>;
}

export const billingWords: Record<Locale, Words> = {
  en: {
    plans: { weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly' },
    trial: (days, then) => `${days}-day trial, then ${then}`,
    every: (unit, count) => (count === 1 ? `every ${unit}` : `every ${count} ${unit}s`),
    methods: { card: 'Card', apple_pay: 'Apple Pay', paypal: 'PayPal' },
  },
  es: {
    plans: { weekly: 'Semanal', monthly: 'Mensual', quarterly: 'Trimestral' },
    trial: (days, then) => `Prueba de ${days} días, luego ${then}`,
    every: (unit, count) =>
      unit === 'week'
        ? count === 1
          ? 'cada semana'
          : `cada ${count} semanas`
        : count === 1
          ? 'cada mes'
          : `cada ${count} meses`,
    methods: { card: 'Tarjeta', apple_pay: 'Apple Pay', paypal: 'PayPal' },
  },
  fr: {
    plans: { weekly: 'Hebdomadaire', monthly: 'Mensuel', quarterly: 'Trimestriel' },
    trial: (days, then) => `Essai de ${days} jours, puis ${then}`,
    every: (unit, count) =>
      unit === 'week'
        ? count === 1
          ? 'chaque semaine'
          : `toutes les ${count} semaines`
        : count === 1
          ? 'chaque mois'
          : `tous les ${count} mois`,
    methods: { card: 'Carte', apple_pay: 'Apple Pay', paypal: 'PayPal' },
  },
  de: {
    plans: { weekly: 'Wöchentlich', monthly: 'Monatlich', quarterly: 'Vierteljährlich' },
    trial: (days, then) => `${days}-Tage-Test, danach ${then}`,
    every: (unit, count) =>
      unit === 'week'
        ? count === 1
          ? 'jede Woche'
          : `alle ${count} Wochen`
        : count === 1
          ? 'jeden Monat'
          : `alle ${count} Monate`,
    methods: { card: 'Karte', apple_pay: 'Apple Pay', paypal: 'PayPal' },
  },
  it: {
    plans: { weekly: 'Settimanale', monthly: 'Mensile', quarterly: 'Trimestrale' },
    trial: (days, then) => `Prova di ${days} giorni, poi ${then}`,
    every: (unit, count) =>
      unit === 'week'
        ? count === 1
          ? 'ogni settimana'
          : `ogni ${count} settimane`
        : count === 1
          ? 'ogni mese'
          : `ogni ${count} mesi`,
    methods: { card: 'Carta', apple_pay: 'Apple Pay', paypal: 'PayPal' },
  },
  'pt-BR': {
    plans: { weekly: 'Semanal', monthly: 'Mensal', quarterly: 'Trimestral' },
    trial: (days, then) => `Teste de ${days} dias, depois ${then}`,
    every: (unit, count) =>
      unit === 'week'
        ? count === 1
          ? 'toda semana'
          : `a cada ${count} semanas`
        : count === 1
          ? 'todo mês'
          : `a cada ${count} meses`,
    methods: { card: 'Cartão', apple_pay: 'Apple Pay', paypal: 'PayPal' },
  },
};

const isKnown = (code: string): code is keyof Words['plans'] =>
  code === 'weekly' || code === 'monthly' || code === 'quarterly';

/** A plan's name in `locale`; a trial names the plan it renews into. */
export function planName(plan: PlanWords, locale: Locale, renewsInto?: PlanWords): string {
  const words = billingWords[locale];
  if (plan.trialDays > 0)
    return words.trial(plan.trialDays, planName({ ...(renewsInto ?? plan), trialDays: 0 }, locale));
  return isKnown(plan.code) ? words.plans[plan.code] : plan.name;
}

/** How often a plan renews, in `locale`: weekly plans count weeks, the others months. */
export function renewalInterval(plan: Pick<PlanWords, 'code' | 'intervalLength'>, locale: Locale): string {
  const count = Math.max(1, plan.intervalLength);
  return billingWords[locale].every(plan.code === 'weekly' ? 'week' : 'month', count);
}

/** An amount in its currency, written as `locale` writes money. */
export function formatAmount(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}
