// What a notification says, in the six languages (issue 33). Counts only: a lock screen never shows a
// name. A Record per language makes the compiler refuse a language that lacks a text.
import type { Locale } from '../../common/locales.ts';

/** A count's text by the language's plural category (`many` reads as `other` where a language has it). */
interface Plural {
  one: string;
  other: string;
}

interface PushWords {
  digestTitle: string;
  newFollowers: Plural;
  lostFollowers: Plural;
  profileVisits: Plural;
  reminderTitle: string;
  reminderBody: string;
}

export const pushWords: Record<Locale, PushWords> = {
  en: {
    digestTitle: 'Changes on your account',
    newFollowers: { one: '{n} new follower', other: '{n} new followers' },
    lostFollowers: { one: '{n} follower lost', other: '{n} followers lost' },
    profileVisits: { one: '{n} profile visit', other: '{n} profile visits' },
    reminderTitle: 'Time for a fresh download',
    reminderBody: 'Ask the network for a new copy of your information to see who came and who left this week.',
  },
  es: {
    digestTitle: 'Cambios en tu cuenta',
    newFollowers: { one: '{n} seguidor nuevo', other: '{n} seguidores nuevos' },
    lostFollowers: { one: '{n} seguidor perdido', other: '{n} seguidores perdidos' },
    profileVisits: { one: '{n} visita al perfil', other: '{n} visitas al perfil' },
    reminderTitle: 'Hora de una descarga nueva',
    reminderBody: 'Pide a la red una copia nueva de tu información para ver quién llegó y quién se fue esta semana.',
  },
  fr: {
    digestTitle: 'Du nouveau sur votre compte',
    newFollowers: { one: '{n} nouvel abonné', other: '{n} nouveaux abonnés' },
    lostFollowers: { one: '{n} abonné perdu', other: '{n} abonnés perdus' },
    profileVisits: { one: '{n} visite du profil', other: '{n} visites du profil' },
    reminderTitle: 'C’est le moment d’un nouveau téléchargement',
    reminderBody:
      'Demandez au réseau une nouvelle copie de vos informations pour voir qui est arrivé et qui est parti cette semaine.',
  },
  de: {
    digestTitle: 'Neues auf deinem Konto',
    newFollowers: { one: '{n} neuer Follower', other: '{n} neue Follower' },
    lostFollowers: { one: '{n} Follower verloren', other: '{n} Follower verloren' },
    profileVisits: { one: '{n} Profilbesuch', other: '{n} Profilbesuche' },
    reminderTitle: 'Zeit für einen neuen Download',
    reminderBody:
      'Fordere beim Netzwerk eine neue Kopie deiner Informationen an, um zu sehen, wer diese Woche dazugekommen und wer gegangen ist.',
  },
  it: {
    digestTitle: 'Novità sul tuo account',
    newFollowers: { one: '{n} nuovo follower', other: '{n} nuovi follower' },
    lostFollowers: { one: '{n} follower perso', other: '{n} follower persi' },
    profileVisits: { one: '{n} visita al profilo', other: '{n} visite al profilo' },
    reminderTitle: 'È ora di un nuovo download',
    reminderBody:
      'Chiedi alla rete una nuova copia delle tue informazioni per vedere chi è arrivato e chi se n’è andato questa settimana.',
  },
  'pt-BR': {
    digestTitle: 'Novidades na sua conta',
    newFollowers: { one: '{n} novo seguidor', other: '{n} novos seguidores' },
    lostFollowers: { one: '{n} seguidor perdido', other: '{n} seguidores perdidos' },
    profileVisits: { one: '{n} visita ao perfil', other: '{n} visitas ao perfil' },
    reminderTitle: 'Hora de um novo download',
    reminderBody: 'Peça à rede uma nova cópia das suas informações para ver quem chegou e quem saiu nesta semana.',
  },
};

/** `count` in the language's words and digits ("1 new follower", "1.234 seguidores nuevos"). */
export function counted(locale: Locale, plural: Plural, count: number): string {
  const category = new Intl.PluralRules(locale).select(count);
  return (category === 'one' ? plural.one : plural.other).replace('{n}', new Intl.NumberFormat(locale).format(count));
}
