// The service worker's own words (issue 33), for a push that came without its text (a push service
// refused the payload as too large, so the server sent none). The worker has no Lingui catalog, so the
// six languages are a typed record the compiler keeps complete.
import { type Locale, pickLocale } from '../../common/locales.ts';

const words: Record<Locale, { title: string; body: string }> = {
  en: { title: 'Followscope', body: 'New figures are waiting: open the app to see what changed on your account.' },
  es: { title: 'Followscope', body: 'Hay cifras nuevas: abre la app para ver qué cambió en tu cuenta.' },
  fr: {
    title: 'Followscope',
    body: 'De nouveaux chiffres vous attendent : ouvrez l’app pour voir ce qui a changé sur votre compte.',
  },
  de: {
    title: 'Followscope',
    body: 'Neue Zahlen sind da: Öffne die App, um zu sehen, was sich auf deinem Konto geändert hat.',
  },
  it: { title: 'Followscope', body: 'Ci sono nuovi dati: apri l’app per vedere cosa è cambiato sul tuo account.' },
  'pt-BR': { title: 'Followscope', body: 'Há números novos: abra o app para ver o que mudou na sua conta.' },
};

/** The generic notification in the device's language. */
export function genericNotification(languages: readonly string[]): { title: string; body: string } {
  return words[pickLocale(languages)];
}
