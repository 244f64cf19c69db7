// The receipt (issue 34): a mail for every charge and renewal, in the payer's language, stating the
// amount, how it was paid, the plan, when and what the next charge is, and how to cancel. A Record per
// language makes the compiler refuse a missing one. Every value arrives already written in the language.
import type { Locale } from '../../common/locales.ts';
import type { MailText } from './templates.ts';

export interface ReceiptValues {
  amount: string;
  method: string;
  date: string;
  plan: string;
  /** A renewal's receipt (not the first payment). */
  renewal: boolean;
  /** A trial: its length and end; `waitsUntil` while its days wait for the account's first figures. */
  trial?: { days: number; endsAt: string; waitsUntil?: string };
  /** The next charge; absent when nothing more will be charged (a cancelled subscription). */
  next?: { amount: string; date: string; every: string };
  support: string;
}

type Template = Record<Locale, (values: ReceiptValues) => MailText>;

const lines = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join('\n');

export const receiptMail: Template = {
  en: (v) => ({
    subject: `Your Followscope receipt: ${v.amount}`,
    text: lines(
      v.renewal ? 'Your Followscope subscription has renewed. Thank you.' : 'Thank you for your payment.',
      '',
      `Amount: ${v.amount}`,
      `Paid with: ${v.method}`,
      `Date: ${v.date}`,
      `Plan: ${v.plan}`,
      '',
      v.trial?.waitsUntil &&
        `Your ${v.trial.days}-day trial starts with your first figures (your first import of the data download, or your first collection from the official API), by ${v.trial.waitsUntil} at the latest.`,
      v.trial && !v.trial.waitsUntil && `Your ${v.trial.days}-day trial ends on ${v.trial.endsAt}.`,
      v.next &&
        (v.trial?.waitsUntil
          ? `Next charge: ${v.next.amount} when the trial ends, by ${v.next.date} at the latest, then ${v.next.every} until you cancel.`
          : `Next charge: ${v.next.amount} on ${v.next.date}, then ${v.next.every} until you cancel.`),
      !v.next && 'Your subscription is cancelled: nothing more will be charged.',
      '',
      `To cancel, open Manage subscription in the app and press “Cancel subscription”, or write to ${v.support}. Cancelling stops the renewal; you keep access to the end of the period you paid for.`,
    ),
  }),
  es: (v) => ({
    subject: `Tu recibo de Followscope: ${v.amount}`,
    text: lines(
      v.renewal ? 'Tu suscripción a Followscope se ha renovado. Gracias.' : 'Gracias por tu pago.',
      '',
      `Importe: ${v.amount}`,
      `Pagado con: ${v.method}`,
      `Fecha: ${v.date}`,
      `Plan: ${v.plan}`,
      '',
      v.trial?.waitsUntil &&
        `Tu prueba de ${v.trial.days} días empieza con tus primeros datos (tu primera importación de la descarga de datos o tu primera recogida desde la API oficial), como muy tarde el ${v.trial.waitsUntil}.`,
      v.trial && !v.trial.waitsUntil && `Tu prueba de ${v.trial.days} días termina el ${v.trial.endsAt}.`,
      v.next &&
        (v.trial?.waitsUntil
          ? `Próximo cobro: ${v.next.amount} al terminar la prueba, como muy tarde el ${v.next.date}, y después ${v.next.every} hasta que canceles.`
          : `Próximo cobro: ${v.next.amount} el ${v.next.date}, y después ${v.next.every} hasta que canceles.`),
      !v.next && 'Tu suscripción está cancelada: no se cobrará nada más.',
      '',
      `Para cancelar, abre Gestionar suscripción en la app y pulsa «Cancelar suscripción», o escribe a ${v.support}. Al cancelar se detiene la renovación; mantienes el acceso hasta el final del periodo pagado.`,
    ),
  }),
  fr: (v) => ({
    subject: `Votre reçu Followscope : ${v.amount}`,
    text: lines(
      v.renewal ? 'Votre abonnement Followscope a été renouvelé. Merci.' : 'Merci pour votre paiement.',
      '',
      `Montant : ${v.amount}`,
      `Payé par : ${v.method}`,
      `Date : ${v.date}`,
      `Offre : ${v.plan}`,
      '',
      v.trial?.waitsUntil &&
        `Votre essai de ${v.trial.days} jours commence avec vos premiers chiffres (votre premier import du téléchargement de données, ou votre première collecte depuis l’API officielle), au plus tard le ${v.trial.waitsUntil}.`,
      v.trial && !v.trial.waitsUntil && `Votre essai de ${v.trial.days} jours se termine le ${v.trial.endsAt}.`,
      v.next &&
        (v.trial?.waitsUntil
          ? `Prochain prélèvement : ${v.next.amount} à la fin de l’essai, au plus tard le ${v.next.date}, puis ${v.next.every} jusqu’à votre résiliation.`
          : `Prochain prélèvement : ${v.next.amount} le ${v.next.date}, puis ${v.next.every} jusqu’à votre résiliation.`),
      !v.next && 'Votre abonnement est résilié : plus rien ne sera prélevé.',
      '',
      `Pour résilier, ouvrez Gérer l’abonnement dans l’app et appuyez sur « Résilier l’abonnement », ou écrivez à ${v.support}. La résiliation arrête le renouvellement ; vous gardez l’accès jusqu’à la fin de la période payée.`,
    ),
  }),
  de: (v) => ({
    subject: `Deine Followscope-Quittung: ${v.amount}`,
    text: lines(
      v.renewal ? 'Dein Followscope-Abo wurde verlängert. Danke.' : 'Danke für deine Zahlung.',
      '',
      `Betrag: ${v.amount}`,
      `Bezahlt mit: ${v.method}`,
      `Datum: ${v.date}`,
      `Tarif: ${v.plan}`,
      '',
      v.trial?.waitsUntil &&
        `Dein ${v.trial.days}-Tage-Test beginnt mit deinen ersten Zahlen (deinem ersten Import des Datendownloads oder deiner ersten Abfrage über die offizielle API), spätestens am ${v.trial.waitsUntil}.`,
      v.trial && !v.trial.waitsUntil && `Dein ${v.trial.days}-Tage-Test endet am ${v.trial.endsAt}.`,
      v.next &&
        (v.trial?.waitsUntil
          ? `Nächste Abbuchung: ${v.next.amount} am Ende des Tests, spätestens am ${v.next.date}, danach ${v.next.every}, bis du kündigst.`
          : `Nächste Abbuchung: ${v.next.amount} am ${v.next.date}, danach ${v.next.every}, bis du kündigst.`),
      !v.next && 'Dein Abo ist gekündigt: Es wird nichts mehr abgebucht.',
      '',
      `Zum Kündigen öffne in der App „Abo verwalten“ und tippe auf „Abo kündigen“, oder schreib an ${v.support}. Die Kündigung stoppt die Verlängerung; du behältst den Zugang bis zum Ende des bezahlten Zeitraums.`,
    ),
  }),
  it: (v) => ({
    subject: `La tua ricevuta Followscope: ${v.amount}`,
    text: lines(
      v.renewal ? 'Il tuo abbonamento Followscope si è rinnovato. Grazie.' : 'Grazie per il tuo pagamento.',
      '',
      `Importo: ${v.amount}`,
      `Pagato con: ${v.method}`,
      `Data: ${v.date}`,
      `Piano: ${v.plan}`,
      '',
      v.trial?.waitsUntil &&
        `La tua prova di ${v.trial.days} giorni inizia con i tuoi primi dati (la tua prima importazione del download dei dati o la tua prima raccolta dall’API ufficiale), al più tardi il ${v.trial.waitsUntil}.`,
      v.trial && !v.trial.waitsUntil && `La tua prova di ${v.trial.days} giorni termina il ${v.trial.endsAt}.`,
      v.next &&
        (v.trial?.waitsUntil
          ? `Prossimo addebito: ${v.next.amount} alla fine della prova, al più tardi il ${v.next.date}, poi ${v.next.every} finché non disdici.`
          : `Prossimo addebito: ${v.next.amount} il ${v.next.date}, poi ${v.next.every} finché non disdici.`),
      !v.next && 'Il tuo abbonamento è disdetto: non verrà addebitato altro.',
      '',
      `Per disdire, apri Gestisci abbonamento nell’app e premi «Disdici abbonamento», oppure scrivi a ${v.support}. La disdetta ferma il rinnovo; mantieni l’accesso fino alla fine del periodo pagato.`,
    ),
  }),
  'pt-BR': (v) => ({
    subject: `Seu recibo do Followscope: ${v.amount}`,
    text: lines(
      v.renewal ? 'Sua assinatura do Followscope foi renovada. Obrigado.' : 'Obrigado pelo seu pagamento.',
      '',
      `Valor: ${v.amount}`,
      `Pago com: ${v.method}`,
      `Data: ${v.date}`,
      `Plano: ${v.plan}`,
      '',
      v.trial?.waitsUntil &&
        `Seu teste de ${v.trial.days} dias começa com seus primeiros dados (sua primeira importação do download de dados ou sua primeira coleta pela API oficial), no máximo até ${v.trial.waitsUntil}.`,
      v.trial && !v.trial.waitsUntil && `Seu teste de ${v.trial.days} dias termina em ${v.trial.endsAt}.`,
      v.next &&
        (v.trial?.waitsUntil
          ? `Próxima cobrança: ${v.next.amount} no fim do teste, no máximo até ${v.next.date}, e depois ${v.next.every} até você cancelar.`
          : `Próxima cobrança: ${v.next.amount} em ${v.next.date}, e depois ${v.next.every} até você cancelar.`),
      !v.next && 'Sua assinatura foi cancelada: nada mais será cobrado.',
      '',
      `Para cancelar, abra Gerenciar assinatura no app e toque em “Cancelar assinatura”, ou escreva para ${v.support}. O cancelamento interrompe a renovação; você mantém o acesso até o fim do período pago.`,
    ),
  }),
};
