// Mail texts, in the language the request asked for (accept-language). A Record per language makes
// the compiler refuse a missing one.
import type { Locale } from '../../common/locales.ts';

export interface MailText {
  subject: string;
  text: string;
}

type Template<V> = Record<Locale, (values: V) => MailText>;

/**
 * The login code; with `link` (issue 48: wrong codes were tried for this address today) also a one-time
 * sign-in link that logs in however many codes strangers guessed.
 */
export const loginCodeMail: Template<{ code: string; link?: string | undefined }> = {
  en: ({ code, link }) => ({
    subject: `Your Followscope code: ${code}`,
    text: `Your login code is ${code}.\n\nIt works once, for 10 minutes. If you did not ask for it, you can ignore this email.${
      link
        ? `\n\nSomeone tried wrong codes for this address today, so typing a code may be paused on a new device. This link logs you in instead, once, for 10 minutes:\n${link}`
        : ''
    }`,
  }),
  es: ({ code, link }) => ({
    subject: `Tu código de Followscope: ${code}`,
    text: `Tu código de acceso es ${code}.\n\nFunciona una sola vez, durante 10 minutos. Si no lo has pedido, ignora este correo.${
      link
        ? `\n\nHoy alguien probó códigos incorrectos para esta dirección, así que escribir un código puede estar en pausa en un dispositivo nuevo. Este enlace te hace entrar en su lugar, una vez, durante 10 minutos:\n${link}`
        : ''
    }`,
  }),
  fr: ({ code, link }) => ({
    subject: `Votre code Followscope : ${code}`,
    text: `Votre code de connexion est ${code}.\n\nIl fonctionne une seule fois, pendant 10 minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail.${
      link
        ? `\n\nQuelqu’un a essayé des codes erronés pour cette adresse aujourd’hui : la saisie d’un code peut être suspendue sur un nouvel appareil. Ce lien vous connecte à la place, une fois, pendant 10 minutes :\n${link}`
        : ''
    }`,
  }),
  de: ({ code, link }) => ({
    subject: `Dein Followscope-Code: ${code}`,
    text: `Dein Anmeldecode lautet ${code}.\n\nEr funktioniert einmal, 10 Minuten lang. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail.${
      link
        ? `\n\nJemand hat heute falsche Codes für diese Adresse probiert, daher kann das Eintippen eines Codes auf einem neuen Gerät pausiert sein. Dieser Link meldet dich stattdessen an, einmal, 10 Minuten lang:\n${link}`
        : ''
    }`,
  }),
  it: ({ code, link }) => ({
    subject: `Il tuo codice Followscope: ${code}`,
    text: `Il tuo codice di accesso è ${code}.\n\nFunziona una sola volta, per 10 minuti. Se non l’hai richiesto, ignora questa email.${
      link
        ? `\n\nOggi qualcuno ha provato codici errati per questo indirizzo, quindi digitare un codice potrebbe essere sospeso su un nuovo dispositivo. Questo link ti fa accedere al suo posto, una volta, per 10 minuti:\n${link}`
        : ''
    }`,
  }),
  'pt-BR': ({ code, link }) => ({
    subject: `Seu código do Followscope: ${code}`,
    text: `Seu código de acesso é ${code}.\n\nEle funciona uma vez, por 10 minutos. Se você não pediu, ignore este e-mail.${
      link
        ? `\n\nHoje alguém tentou códigos incorretos para este endereço, por isso digitar um código pode estar pausado em um dispositivo novo. Este link faz seu login no lugar, uma vez, por 10 minutos:\n${link}`
        : ''
    }`,
  }),
};

/** Issue 48: wrong codes were tried for the owner's address (sent once, when they reach the day's 10). */
export const guessedAtMail: Template<Record<string, never>> = {
  en: () => ({
    subject: 'Followscope: wrong login codes were tried for your account',
    text: 'Someone typed 10 wrong login codes for this email address in the last 24 hours. They did not get in: a code is mailed only to you.\n\nIf it was you, ask for a new code: its email has a sign-in link that logs you in. On a device you have logged in on before, typing the code still works. If it was not you, there is nothing to do.',
  }),
  es: () => ({
    subject: 'Followscope: se probaron códigos de acceso incorrectos en tu cuenta',
    text: 'Alguien escribió 10 códigos de acceso incorrectos para esta dirección en las últimas 24 horas. No consiguió entrar: el código solo se envía a ti.\n\nSi fuiste tú, pide un código nuevo: su correo trae un enlace de acceso que te hace entrar. En un dispositivo en el que ya hayas iniciado sesión, escribir el código sigue funcionando. Si no fuiste tú, no tienes que hacer nada.',
  }),
  fr: () => ({
    subject: 'Followscope : des codes de connexion erronés ont été essayés sur votre compte',
    text: 'Quelqu’un a saisi 10 codes de connexion erronés pour cette adresse au cours des dernières 24 heures. Il n’est pas entré : le code n’est envoyé qu’à vous.\n\nSi c’était vous, demandez un nouveau code : son e-mail contient un lien de connexion qui vous connecte. Sur un appareil où vous vous êtes déjà connecté, saisir le code fonctionne toujours. Si ce n’était pas vous, vous n’avez rien à faire.',
  }),
  de: () => ({
    subject: 'Followscope: Für dein Konto wurden falsche Anmeldecodes probiert',
    text: 'Jemand hat in den letzten 24 Stunden 10 falsche Anmeldecodes für diese Adresse eingegeben. Er ist nicht hineingekommen: Der Code wird nur an dich geschickt.\n\nWarst du das, fordere einen neuen Code an: Seine E-Mail enthält einen Anmeldelink, der dich anmeldet. Auf einem Gerät, auf dem du dich schon angemeldet hast, funktioniert das Eintippen des Codes weiterhin. Warst du es nicht, musst du nichts tun.',
  }),
  it: () => ({
    subject: 'Followscope: sono stati provati codici di accesso errati per il tuo account',
    text: 'Qualcuno ha digitato 10 codici di accesso errati per questo indirizzo nelle ultime 24 ore. Non è entrato: il codice viene inviato solo a te.\n\nSe sei stato tu, richiedi un nuovo codice: la sua email contiene un link di accesso che ti fa entrare. Su un dispositivo da cui hai già effettuato l’accesso, digitare il codice funziona ancora. Se non sei stato tu, non devi fare nulla.',
  }),
  'pt-BR': () => ({
    subject: 'Followscope: códigos de acesso incorretos foram tentados na sua conta',
    text: 'Alguém digitou 10 códigos de acesso incorretos para este endereço nas últimas 24 horas. Não conseguiu entrar: o código é enviado só para você.\n\nSe foi você, peça um novo código: o e-mail dele traz um link de acesso que faz seu login. Em um dispositivo em que você já entrou antes, digitar o código continua funcionando. Se não foi você, não precisa fazer nada.',
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
