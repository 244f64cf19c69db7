// Messages the server sends in `message` (spec §8), in the caller's accept-language.
// A Record per message makes the compiler refuse a message that lacks a language.
import { type Locale, pickLocale } from '../../src/i18n/locales.ts';

type Catalog = Record<Locale, string>;

export const serverMessages = {
  notFound: {
    en: 'We could not find what you asked for.',
    es: 'No encontramos lo que buscabas.',
    fr: 'Nous n’avons pas trouvé ce que vous cherchez.',
    de: 'Wir konnten nicht finden, wonach du gesucht hast.',
    it: 'Non abbiamo trovato ciò che cercavi.',
    'pt-BR': 'Não encontramos o que você procurou.',
  },
  invalidRequest: {
    en: 'Some of the information sent is not valid. Please check it and try again.',
    es: 'Parte de la información enviada no es válida. Revísala e inténtalo de nuevo.',
    fr: 'Certaines informations envoyées ne sont pas valides. Vérifiez-les et réessayez.',
    de: 'Einige der gesendeten Angaben sind ungültig. Bitte prüfe sie und versuche es erneut.',
    it: 'Alcune informazioni inviate non sono valide. Controllale e riprova.',
    'pt-BR': 'Algumas informações enviadas não são válidas. Verifique e tente novamente.',
  },
  tooManyRequests: {
    en: 'Too many requests. Please wait a moment and try again.',
    es: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    fr: 'Trop de requêtes. Patientez un instant et réessayez.',
    de: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es erneut.',
    it: 'Troppe richieste. Attendi un momento e riprova.',
    'pt-BR': 'Muitas solicitações. Aguarde um momento e tente novamente.',
  },
  serverError: {
    en: 'We are experiencing high traffic. Please try again later.',
    es: 'Estamos experimentando mucho tráfico. Inténtalo de nuevo más tarde.',
    fr: 'Nous connaissons un trafic élevé. Veuillez réessayer plus tard.',
    de: 'Wir haben gerade sehr viel Andrang. Bitte versuche es später erneut.',
    it: 'Stiamo registrando un traffico elevato. Riprova più tardi.',
    'pt-BR': 'Estamos com tráfego intenso. Tente novamente mais tarde.',
  },
} satisfies Record<string, Catalog>;

export type ServerMessage = keyof typeof serverMessages;

/** The language of an accept-language header, among ours. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  return pickLocale(tags);
}

/** A server message in the language of an accept-language header. */
export function translate(key: ServerMessage, acceptLanguage: string | undefined): string {
  return serverMessages[key][localeOf(acceptLanguage)];
}
