// Mails about the account's life (issue 20): a cancelled subscription, a deleted account. A Record per
// language makes the compiler refuse a missing one.
import type { Locale } from '../../common/locales.ts';
import type { MailText } from './templates.ts';

type Template<V> = Record<Locale, (values: V) => MailText>;

/** An instant as a mail states it: the date and time in UTC, in the reader's language. */
export function mailDate(at: Date, locale: Locale): string {
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at);
  return `${when} UTC`;
}

/** The subscription was cancelled: it runs to the end of the period paid for, and can still be kept. */
export const subscriptionCancelledMail: Template<{ date: string }> = {
  en: ({ date }) => ({
    subject: 'Your Followscope subscription is cancelled',
    text: `Your subscription is cancelled and will not renew. No further payment will be taken.\n\nYou keep full access until ${date}. Until then you can change your mind: open Manage subscription in the app and press “Keep my subscription”.`,
  }),
  es: ({ date }) => ({
    subject: 'Tu suscripción a Followscope está cancelada',
    text: `Tu suscripción está cancelada y no se renovará. No se hará ningún cobro más.\n\nMantienes el acceso completo hasta el ${date}. Hasta entonces puedes cambiar de opinión: abre Gestionar suscripción en la app y pulsa «Mantener mi suscripción».`,
  }),
  fr: ({ date }) => ({
    subject: 'Votre abonnement Followscope est résilié',
    text: `Votre abonnement est résilié et ne sera pas renouvelé. Aucun autre paiement ne sera prélevé.\n\nVous gardez un accès complet jusqu’au ${date}. D’ici là, vous pouvez changer d’avis : ouvrez Gérer l’abonnement dans l’app et appuyez sur « Garder mon abonnement ».`,
  }),
  de: ({ date }) => ({
    subject: 'Dein Followscope-Abo ist gekündigt',
    text: `Dein Abo ist gekündigt und verlängert sich nicht. Es wird nichts mehr abgebucht.\n\nDu behältst den vollen Zugang bis ${date}. Bis dahin kannst du es dir anders überlegen: Öffne in der App „Abo verwalten“ und tippe auf „Abo behalten“.`,
  }),
  it: ({ date }) => ({
    subject: 'Il tuo abbonamento Followscope è disdetto',
    text: `Il tuo abbonamento è disdetto e non si rinnoverà. Non verrà addebitato altro.\n\nMantieni l’accesso completo fino al ${date}. Fino ad allora puoi cambiare idea: apri Gestisci abbonamento nell’app e premi «Mantieni il mio abbonamento».`,
  }),
  'pt-BR': ({ date }) => ({
    subject: 'Sua assinatura do Followscope foi cancelada',
    text: `Sua assinatura foi cancelada e não será renovada. Nenhuma outra cobrança será feita.\n\nVocê mantém o acesso completo até ${date}. Até lá você pode mudar de ideia: abra Gerenciar assinatura no app e toque em “Manter minha assinatura”.`,
  }),
};

/** The account was deleted: what went, and what the law makes us keep. Names nothing about the account. */
export const accountDeletedMail: Template<Record<string, never>> = {
  en: () => ({
    subject: 'Your Followscope account is deleted',
    text: 'Your Followscope account and everything we held about it are deleted: your analyses, lists, imports, connection to the official API, support messages and sign-in codes. Your subscription has ended and nothing more will be charged.\n\nThe law makes us keep a record of each payment (its date, amount, currency and plan) for as long as tax and accounting rules require, with no name, email or username attached.\n\nThis email is the last we send to this address.',
  }),
  es: () => ({
    subject: 'Tu cuenta de Followscope está eliminada',
    text: 'Tu cuenta de Followscope y todo lo que guardábamos de ella están eliminados: tus análisis, listas, importaciones, conexión con la API oficial, mensajes de soporte y códigos de acceso. Tu suscripción ha terminado y no se cobrará nada más.\n\nLa ley nos obliga a conservar un registro de cada pago (fecha, importe, moneda y plan) durante el tiempo que exigen las normas fiscales y contables, sin ningún nombre, correo ni nombre de usuario.\n\nEste es el último correo que enviamos a esta dirección.',
  }),
  fr: () => ({
    subject: 'Votre compte Followscope est supprimé',
    text: 'Votre compte Followscope et tout ce que nous en conservions sont supprimés : vos analyses, listes, imports, connexion à l’API officielle, messages au support et codes de connexion. Votre abonnement a pris fin et plus rien ne sera prélevé.\n\nLa loi nous oblige à garder une trace de chaque paiement (sa date, son montant, sa devise et l’offre) aussi longtemps que les règles fiscales et comptables l’exigent, sans nom, e-mail ni nom d’utilisateur.\n\nCet e-mail est le dernier que nous envoyons à cette adresse.',
  }),
  de: () => ({
    subject: 'Dein Followscope-Konto ist gelöscht',
    text: 'Dein Followscope-Konto und alles, was wir dazu gespeichert hatten, sind gelöscht: deine Analysen, Listen, Importe, die Verbindung zur offiziellen API, Support-Nachrichten und Anmeldecodes. Dein Abo ist beendet, und es wird nichts mehr abgebucht.\n\nDas Gesetz verlangt, dass wir jede Zahlung (Datum, Betrag, Währung und Tarif) so lange aufbewahren, wie Steuer- und Buchhaltungsregeln es vorschreiben, ohne Namen, E-Mail oder Benutzernamen.\n\nDiese E-Mail ist die letzte, die wir an diese Adresse senden.',
  }),
  it: () => ({
    subject: 'Il tuo account Followscope è eliminato',
    text: 'Il tuo account Followscope e tutto ciò che ne conservavamo sono eliminati: le tue analisi, liste, importazioni, il collegamento all’API ufficiale, i messaggi all’assistenza e i codici di accesso. Il tuo abbonamento è terminato e non verrà addebitato altro.\n\nLa legge ci obbliga a conservare una traccia di ogni pagamento (data, importo, valuta e piano) per il tempo richiesto dalle norme fiscali e contabili, senza nome, email o nome utente.\n\nQuesta è l’ultima email che inviamo a questo indirizzo.',
  }),
  'pt-BR': () => ({
    subject: 'Sua conta do Followscope foi excluída',
    text: 'Sua conta do Followscope e tudo o que guardávamos sobre ela foram excluídos: suas análises, listas, importações, conexão com a API oficial, mensagens ao suporte e códigos de acesso. Sua assinatura terminou e nada mais será cobrado.\n\nA lei nos obriga a guardar um registro de cada pagamento (data, valor, moeda e plano) pelo tempo exigido pelas regras fiscais e contábeis, sem nome, e-mail ou nome de usuário.\n\nEste é o último e-mail que enviamos para este endereço.',
  }),
};
