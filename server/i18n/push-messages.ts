// Messages about notifications on a device (issue 33): turning them on and off, and why they cannot be.
import type { Catalog } from './messages.ts';

export const pushMessages = {
  pushUnavailable: {
    en: 'Notifications are not set up on this server.',
    es: 'Las notificaciones no están configuradas en este servidor.',
    fr: 'Les notifications ne sont pas configurées sur ce serveur.',
    de: 'Benachrichtigungen sind auf diesem Server nicht eingerichtet.',
    it: 'Le notifiche non sono configurate su questo server.',
    'pt-BR': 'As notificações não estão configuradas neste servidor.',
  },
  pushServiceRefused: {
    en: 'This browser delivers notifications through a service Followscope does not send to, so they cannot be turned on here. Chrome, Firefox, Edge and Safari work.',
    es: 'Este navegador entrega las notificaciones mediante un servicio al que Followscope no envía, así que aquí no se pueden activar. Chrome, Firefox, Edge y Safari funcionan.',
    fr: 'Ce navigateur livre les notifications par un service auquel Followscope n’envoie rien : elles ne peuvent pas être activées ici. Chrome, Firefox, Edge et Safari fonctionnent.',
    de: 'Dieser Browser stellt Benachrichtigungen über einen Dienst zu, an den Followscope nicht sendet. Hier lassen sie sich daher nicht einschalten. Chrome, Firefox, Edge und Safari funktionieren.',
    it: 'Questo browser consegna le notifiche tramite un servizio a cui Followscope non invia, quindi qui non si possono attivare. Chrome, Firefox, Edge e Safari funzionano.',
    'pt-BR':
      'Este navegador entrega as notificações por um serviço para o qual o Followscope não envia, então elas não podem ser ativadas aqui. Chrome, Firefox, Edge e Safari funcionam.',
  },
  pushHeldElsewhere: {
    en: 'These notifications belong to another account on this device. Log out of it there, or turn notifications off and on again.',
    es: 'Estas notificaciones pertenecen a otra cuenta en este dispositivo. Cierra su sesión allí, o desactiva y vuelve a activar las notificaciones.',
    fr: 'Ces notifications appartiennent à un autre compte sur cet appareil. Déconnectez-le, ou désactivez puis réactivez les notifications.',
    de: 'Diese Benachrichtigungen gehören auf diesem Gerät zu einem anderen Konto. Melde es dort ab oder schalte die Benachrichtigungen aus und wieder ein.',
    it: 'Queste notifiche appartengono a un altro account su questo dispositivo. Esci da quell’account, oppure disattiva e riattiva le notifiche.',
    'pt-BR':
      'Estas notificações pertencem a outra conta neste dispositivo. Saia dela ali, ou desative e ative as notificações de novo.',
  },
  pushBadSubscription: {
    en: 'Your browser gave an incomplete notification subscription. Please turn notifications off and on again.',
    es: 'Tu navegador dio una suscripción de notificaciones incompleta. Desactiva las notificaciones y vuelve a activarlas.',
    fr: 'Votre navigateur a fourni un abonnement aux notifications incomplet. Désactivez puis réactivez les notifications.',
    de: 'Dein Browser hat ein unvollständiges Benachrichtigungs-Abo geliefert. Schalte die Benachrichtigungen bitte aus und wieder ein.',
    it: 'Il tuo browser ha fornito un’iscrizione alle notifiche incompleta. Disattiva le notifiche e riattivale.',
    'pt-BR':
      'Seu navegador forneceu uma inscrição de notificações incompleta. Desative as notificações e ative de novo.',
  },
  pushOn: {
    en: 'Notifications are on for this device.',
    es: 'Las notificaciones están activadas en este dispositivo.',
    fr: 'Les notifications sont activées sur cet appareil.',
    de: 'Benachrichtigungen sind auf diesem Gerät eingeschaltet.',
    it: 'Le notifiche sono attive su questo dispositivo.',
    'pt-BR': 'As notificações estão ativadas neste dispositivo.',
  },
  pushOff: {
    en: 'Notifications are off for this device.',
    es: 'Las notificaciones están desactivadas en este dispositivo.',
    fr: 'Les notifications sont désactivées sur cet appareil.',
    de: 'Benachrichtigungen sind auf diesem Gerät ausgeschaltet.',
    it: 'Le notifiche sono disattivate su questo dispositivo.',
    'pt-BR': 'As notificações estão desativadas neste dispositivo.',
  },
} satisfies Record<string, Catalog>;
