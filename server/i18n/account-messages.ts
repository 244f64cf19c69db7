// Messages about cancelling, keeping and deleting (issue 20).
import type { Catalog } from './messages.ts';

export const accountMessages = {
  subscriptionCancelled: {
    en: 'Your subscription is cancelled and will not renew. It stays active until the end of the period you paid for.',
    es: 'Tu suscripción está cancelada y no se renovará. Sigue activa hasta el final del periodo que pagaste.',
    fr: 'Votre abonnement est résilié et ne sera pas renouvelé. Il reste actif jusqu’à la fin de la période payée.',
    de: 'Dein Abo ist gekündigt und verlängert sich nicht. Es bleibt bis zum Ende des bezahlten Zeitraums aktiv.',
    it: 'Il tuo abbonamento è disdetto e non si rinnoverà. Resta attivo fino alla fine del periodo pagato.',
    'pt-BR': 'Sua assinatura foi cancelada e não será renovada. Ela continua ativa até o fim do período pago.',
  },
  subscriptionKept: {
    en: 'Your subscription continues and will renew as before.',
    es: 'Tu suscripción continúa y se renovará como antes.',
    fr: 'Votre abonnement continue et sera renouvelé comme avant.',
    de: 'Dein Abo läuft weiter und verlängert sich wie bisher.',
    it: 'Il tuo abbonamento continua e si rinnoverà come prima.',
    'pt-BR': 'Sua assinatura continua e será renovada como antes.',
  },
  nothingToCancel: {
    en: 'There is no renewing subscription to cancel here. If you are still being charged, please write to support.',
    es: 'Aquí no hay ninguna suscripción que se renueve para cancelar. Si aún se te cobra, escribe a soporte.',
    fr: 'Il n’y a ici aucun abonnement renouvelable à résilier. Si vous êtes encore prélevé, écrivez au support.',
    de: 'Hier gibt es kein sich verlängerndes Abo zu kündigen. Falls dir noch etwas abgebucht wird, schreib bitte dem Support.',
    it: 'Qui non c’è nessun abbonamento con rinnovo da disdire. Se ti vengono ancora addebitati importi, scrivi all’assistenza.',
    'pt-BR':
      'Não há aqui nenhuma assinatura com renovação para cancelar. Se você ainda está sendo cobrado, escreva ao suporte.',
  },
  nothingToKeep: {
    en: 'This subscription has already ended, so it cannot be kept. Choose a plan to subscribe again.',
    es: 'Esta suscripción ya terminó, así que no se puede mantener. Elige un plan para volver a suscribirte.',
    fr: 'Cet abonnement a déjà pris fin et ne peut donc pas être gardé. Choisissez une offre pour vous réabonner.',
    de: 'Dieses Abo ist bereits beendet und kann nicht behalten werden. Wähle einen Tarif, um wieder zu abonnieren.',
    it: 'Questo abbonamento è già terminato, quindi non può essere mantenuto. Scegli un piano per abbonarti di nuovo.',
    'pt-BR': 'Esta assinatura já terminou, então não pode ser mantida. Escolha um plano para assinar de novo.',
  },
  gatewayUnavailable: {
    en: 'Our payment provider could not be reached, so nothing was changed. Please try again in a moment.',
    es: 'No pudimos contactar con nuestro proveedor de pagos, así que no se cambió nada. Inténtalo de nuevo en un momento.',
    fr: 'Notre prestataire de paiement n’a pas pu être joint, rien n’a donc été modifié. Réessayez dans un instant.',
    de: 'Unser Zahlungsanbieter war nicht erreichbar, daher wurde nichts geändert. Bitte versuche es gleich noch einmal.',
    it: 'Non è stato possibile contattare il nostro fornitore di pagamenti, quindi non è cambiato nulla. Riprova tra un momento.',
    'pt-BR':
      'Não conseguimos falar com nosso provedor de pagamentos, então nada foi alterado. Tente de novo em instantes.',
  },
  accountDeleted: {
    en: 'Your account is deleted. A confirmation is on its way to your email.',
    es: 'Tu cuenta está eliminada. Te enviamos una confirmación por correo.',
    fr: 'Votre compte est supprimé. Une confirmation est en route vers votre e-mail.',
    de: 'Dein Konto ist gelöscht. Eine Bestätigung ist per E-Mail unterwegs.',
    it: 'Il tuo account è eliminato. Ti abbiamo inviato una conferma via email.',
    'pt-BR': 'Sua conta foi excluída. Uma confirmação está a caminho do seu e-mail.',
  },
  accountNotDeleted: {
    en: 'Your subscription could not be ended with our payment provider, so nothing was deleted. Please try again in a moment.',
    es: 'No pudimos terminar tu suscripción con nuestro proveedor de pagos, así que no se eliminó nada. Inténtalo de nuevo en un momento.',
    fr: 'Votre abonnement n’a pas pu être arrêté auprès de notre prestataire de paiement, rien n’a donc été supprimé. Réessayez dans un instant.',
    de: 'Dein Abo konnte bei unserem Zahlungsanbieter nicht beendet werden, daher wurde nichts gelöscht. Bitte versuche es gleich noch einmal.',
    it: 'Non è stato possibile chiudere il tuo abbonamento presso il nostro fornitore di pagamenti, quindi non è stato eliminato nulla. Riprova tra un momento.',
    'pt-BR':
      'Não foi possível encerrar sua assinatura com nosso provedor de pagamentos, então nada foi excluído. Tente de novo em instantes.',
  },
} satisfies Record<string, Catalog>;
