// Mail texts, in the language the request asked for (accept-language). A Record per language makes
// the compiler refuse a missing one.
import type { Locale } from '../../common/locales.ts';

export interface MailText {
  subject: string;
  text: string;
}

type Template<V> = Record<Locale, (values: V) => MailText>;

/** The login code. */
export const loginCodeMail: Template<{ code: string }> = {
  en: ({ code }) => ({
    subject: `Your Followscope code: ${code}`,
    text: `Your login code is ${code}.\n\nIt works once, for 10 minutes. If you did not ask for it, you can ignore this email.`,
  }),
  es: ({ code }) => ({
    subject: `Tu código de Followscope: ${code}`,
    text: `Tu código de acceso es ${code}.\n\nFunciona una sola vez, durante 10 minutos. Si no lo has pedido, ignora este correo.`,
  }),
  fr: ({ code }) => ({
    subject: `Votre code Followscope : ${code}`,
    text: `Votre code de connexion est ${code}.\n\nIl fonctionne une seule fois, pendant 10 minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail.`,
  }),
  de: ({ code }) => ({
    subject: `Dein Followscope-Code: ${code}`,
    text: `Dein Anmeldecode lautet ${code}.\n\nEr funktioniert einmal, 10 Minuten lang. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail.`,
  }),
  it: ({ code }) => ({
    subject: `Il tuo codice Followscope: ${code}`,
    text: `Il tuo codice di accesso è ${code}.\n\nFunziona una sola volta, per 10 minuti. Se non l’hai richiesto, ignora questa email.`,
  }),
  'pt-BR': ({ code }) => ({
    subject: `Seu código do Followscope: ${code}`,
    text: `Seu código de acesso é ${code}.\n\nEle funciona uma vez, por 10 minutos. Se você não pediu, ignore este e-mail.`,
  }),
};

/** Someone asked for a code or a username for an address with no account. */
export const noAccountMail: Template<Record<string, never>> = {
  en: () => ({
    subject: 'Followscope: no account for this email',
    text: 'Someone asked Followscope for a login code or username for this email address, but it has no account.\n\nIf it was you, try the address you subscribed with. Otherwise you can ignore this email.',
  }),
  es: () => ({
    subject: 'Followscope: no hay cuenta para este correo',
    text: 'Alguien pidió a Followscope un código de acceso o un nombre de usuario para esta dirección, pero no tiene cuenta.\n\nSi fuiste tú, prueba con la dirección con la que te suscribiste. Si no, ignora este correo.',
  }),
  fr: () => ({
    subject: 'Followscope : aucun compte pour cet e-mail',
    text: 'Quelqu’un a demandé à Followscope un code de connexion ou un nom d’utilisateur pour cette adresse, mais elle n’a pas de compte.\n\nSi c’était vous, essayez l’adresse utilisée lors de votre abonnement. Sinon, ignorez cet e-mail.',
  }),
  de: () => ({
    subject: 'Followscope: kein Konto für diese E-Mail',
    text: 'Jemand hat bei Followscope einen Anmeldecode oder Benutzernamen für diese Adresse angefordert, aber sie hat kein Konto.\n\nWarst du das, versuche die Adresse, mit der du abonniert hast. Andernfalls ignoriere diese E-Mail.',
  }),
  it: () => ({
    subject: 'Followscope: nessun account per questa email',
    text: 'Qualcuno ha chiesto a Followscope un codice di accesso o un nome utente per questo indirizzo, ma non ha un account.\n\nSe sei stato tu, prova l’indirizzo con cui ti sei abbonato. Altrimenti ignora questa email.',
  }),
  'pt-BR': () => ({
    subject: 'Followscope: nenhuma conta para este e-mail',
    text: 'Alguém pediu ao Followscope um código de acesso ou nome de usuário para este endereço, mas ele não tem conta.\n\nSe foi você, tente o endereço usado na assinatura. Caso contrário, ignore este e-mail.',
  }),
};

/** The username reminder (spec §2 /forgotuser). */
export const usernameMail: Template<{ username: string }> = {
  en: ({ username }) => ({
    subject: 'Your Followscope username',
    text: `The username on your Followscope account is @${username}.`,
  }),
  es: ({ username }) => ({
    subject: 'Tu nombre de usuario de Followscope',
    text: `El nombre de usuario de tu cuenta de Followscope es @${username}.`,
  }),
  fr: ({ username }) => ({
    subject: 'Votre nom d’utilisateur Followscope',
    text: `Le nom d’utilisateur de votre compte Followscope est @${username}.`,
  }),
  de: ({ username }) => ({
    subject: 'Dein Followscope-Benutzername',
    text: `Der Benutzername deines Followscope-Kontos ist @${username}.`,
  }),
  it: ({ username }) => ({
    subject: 'Il tuo nome utente Followscope',
    text: `Il nome utente del tuo account Followscope è @${username}.`,
  }),
  'pt-BR': ({ username }) => ({
    subject: 'Seu nome de usuário do Followscope',
    text: `O nome de usuário da sua conta do Followscope é @${username}.`,
  }),
};

/** A support message, for the support team (always English). */
export function supportMail(values: { name: string; email: string; username: string; query: string }): MailText {
  return {
    subject: `Support: ${values.name} (@${values.username})`,
    text: `From: ${values.name} <${values.email}>, account @${values.username}\n\n${values.query}`,
  };
}
