// Messages the server sends in `message` (spec §8), in the caller's accept-language.
// A Record per message makes the compiler refuse a message that lacks a language.
import { type Locale, pickLocale } from '../../common/locales.ts';
import { accountMessages } from './account-messages.ts';
import { officialMessages } from './official-messages.ts';
import { paymentMessages } from './payment-messages.ts';
import { pushMessages } from './push-messages.ts';
import { sourceMessages } from './source-messages.ts';

/** A text in every language the app speaks. */
export type Catalog = Record<Locale, string>;

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
  tooManyAtOnce: {
    en: 'You are asking for a lot at once. Please wait a moment and try again.',
    es: 'Estás pidiendo muchas cosas a la vez. Espera un momento e inténtalo de nuevo.',
    fr: 'Vous demandez beaucoup de choses à la fois. Patientez un instant et réessayez.',
    de: 'Du fragst gerade sehr viel auf einmal an. Bitte warte einen Moment und versuche es erneut.',
    it: 'Stai chiedendo molte cose insieme. Attendi un momento e riprova.',
    'pt-BR': 'Você está pedindo muita coisa ao mesmo tempo. Aguarde um momento e tente novamente.',
  },
  tooManyRefreshes: {
    en: 'You have refreshed a lot in the last few minutes. What is on screen is the latest we have; please try again in a few minutes.',
    es: 'Has actualizado mucho en los últimos minutos. Lo que ves es lo más reciente que tenemos; inténtalo de nuevo dentro de unos minutos.',
    fr: 'Vous avez beaucoup actualisé ces dernières minutes. Ce qui s’affiche est le plus récent dont nous disposons ; réessayez dans quelques minutes.',
    de: 'Du hast in den letzten Minuten oft aktualisiert. Was du siehst, ist das Neueste, das wir haben; bitte versuche es in ein paar Minuten erneut.',
    it: 'Hai aggiornato molte volte negli ultimi minuti. Ciò che vedi è il più recente che abbiamo; riprova tra qualche minuto.',
    'pt-BR':
      'Você atualizou muitas vezes nos últimos minutos. O que está na tela é o mais recente que temos; tente de novo daqui a alguns minutos.',
  },
  tooManyRequests: {
    en: 'Too many requests. Please wait a moment and try again.',
    es: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    fr: 'Trop de requêtes. Patientez un instant et réessayez.',
    de: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es erneut.',
    it: 'Troppe richieste. Attendi un momento e riprova.',
    'pt-BR': 'Muitas solicitações. Aguarde um momento e tente novamente.',
  },
  tooManySupportMessages: {
    en: 'You have sent many support messages today. We have them all and will answer; please write again tomorrow.',
    es: 'Hoy has enviado muchos mensajes al soporte. Los tenemos todos y te responderemos; vuelve a escribir mañana.',
    fr: 'Vous avez envoyé beaucoup de messages au support aujourd’hui. Nous les avons tous et allons vous répondre ; écrivez-nous à nouveau demain.',
    de: 'Du hast heute viele Nachrichten an den Support geschickt. Wir haben alle erhalten und antworten dir; bitte schreib morgen wieder.',
    it: 'Oggi hai inviato molti messaggi all’assistenza. Li abbiamo ricevuti tutti e ti risponderemo; scrivici di nuovo domani.',
    'pt-BR': 'Você enviou muitas mensagens ao suporte hoje. Recebemos todas e vamos responder; escreva de novo amanhã.',
  },
  // Issue 32: the per-account limits on expensive routes (server/http/account-limits.ts).
  exportRunning: {
    en: 'One of your exports is still running. Wait for it to finish (or cancel it), then try again.',
    es: 'Una de tus exportaciones sigue en curso. Espera a que termine (o cancélala) e inténtalo de nuevo.',
    fr: 'Une de vos exportations est encore en cours. Attendez qu’elle se termine (ou annulez-la), puis réessayez.',
    de: 'Einer deiner Exporte läuft noch. Warte, bis er fertig ist (oder brich ihn ab), und versuche es dann erneut.',
    it: 'Una delle tue esportazioni è ancora in corso. Attendi che finisca (o annullala), poi riprova.',
    'pt-BR': 'Uma das suas exportações ainda está em andamento. Aguarde o fim dela (ou cancele) e tente novamente.',
  },
  tooManyExports: {
    en: 'You have exported a lot in the last few minutes. Please try again in a few minutes.',
    es: 'Has exportado mucho en los últimos minutos. Inténtalo de nuevo dentro de unos minutos.',
    fr: 'Vous avez beaucoup exporté ces dernières minutes. Réessayez dans quelques minutes.',
    de: 'Du hast in den letzten Minuten viel exportiert. Bitte versuche es in ein paar Minuten erneut.',
    it: 'Hai esportato molto negli ultimi minuti. Riprova tra qualche minuto.',
    'pt-BR': 'Você exportou muito nos últimos minutos. Tente novamente daqui a alguns minutos.',
  },
  tooManyImports: {
    en: 'You have uploaded a lot in the last few minutes. Please try again in a few minutes.',
    es: 'Has subido mucho en los últimos minutos. Inténtalo de nuevo dentro de unos minutos.',
    fr: 'Vous avez beaucoup envoyé ces dernières minutes. Réessayez dans quelques minutes.',
    de: 'Du hast in den letzten Minuten viel hochgeladen. Bitte versuche es in ein paar Minuten erneut.',
    it: 'Hai caricato molto negli ultimi minuti. Riprova tra qualche minuto.',
    'pt-BR': 'Você enviou muitos arquivos nos últimos minutos. Tente novamente daqui a alguns minutos.',
  },
  tooManyAnalyses: {
    en: 'You have started many analyses in the last few minutes. Please try again in a few minutes.',
    es: 'Has iniciado muchos análisis en los últimos minutos. Inténtalo de nuevo dentro de unos minutos.',
    fr: 'Vous avez lancé beaucoup d’analyses ces dernières minutes. Réessayez dans quelques minutes.',
    de: 'Du hast in den letzten Minuten viele Analysen gestartet. Bitte versuche es in ein paar Minuten erneut.',
    it: 'Hai avviato molte analisi negli ultimi minuti. Riprova tra qualche minuto.',
    'pt-BR': 'Você iniciou muitas análises nos últimos minutos. Tente novamente daqui a alguns minutos.',
  },
  analysisRunning: {
    en: 'Your analysis is still running. Keep this page open: it goes on by itself.',
    es: 'Tu análisis sigue en curso. Mantén esta página abierta: continúa sola.',
    fr: 'Votre analyse est toujours en cours. Gardez cette page ouverte : elle continue d’elle-même.',
    de: 'Deine Analyse läuft noch. Lass diese Seite geöffnet: Sie geht von selbst weiter.',
    it: 'La tua analisi è ancora in corso. Tieni aperta questa pagina: prosegue da sola.',
    'pt-BR': 'Sua análise ainda está em andamento. Mantenha esta página aberta: ela continua sozinha.',
  },
  serviceUnavailable: {
    en: 'The service is temporarily unavailable. Please try again in a moment.',
    es: 'El servicio no está disponible temporalmente. Inténtalo de nuevo en un momento.',
    fr: 'Le service est temporairement indisponible. Réessayez dans un instant.',
    de: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuche es gleich noch einmal.',
    it: 'Il servizio è temporaneamente non disponibile. Riprova tra un momento.',
    'pt-BR': 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
  },
  serverError: {
    en: 'We are experiencing high traffic. Please try again later.',
    es: 'Estamos experimentando mucho tráfico. Inténtalo de nuevo más tarde.',
    fr: 'Nous connaissons un trafic élevé. Veuillez réessayer plus tard.',
    de: 'Wir haben gerade sehr viel Andrang. Bitte versuche es später erneut.',
    it: 'Stiamo registrando un traffico elevato. Riprova più tardi.',
    'pt-BR': 'Estamos com tráfego intenso. Tente novamente mais tarde.',
  },
  unauthorized: {
    en: 'Please log in again.',
    es: 'Vuelve a iniciar sesión.',
    fr: 'Veuillez vous reconnecter.',
    de: 'Bitte melde dich erneut an.',
    it: 'Accedi di nuovo.',
    'pt-BR': 'Faça login novamente.',
  },
  codeSent: {
    en: 'If this email has an account, a 4-digit code is on its way. It works for 10 minutes.',
    es: 'Si este correo tiene una cuenta, te hemos enviado un código de 4 dígitos. Es válido durante 10 minutos.',
    fr: 'Si cet e-mail a un compte, un code à 4 chiffres est en route. Il est valable 10 minutes.',
    de: 'Falls diese E-Mail ein Konto hat, ist ein 4-stelliger Code unterwegs. Er gilt 10 Minuten.',
    it: 'Se questa email ha un account, è in arrivo un codice di 4 cifre. È valido per 10 minuti.',
    'pt-BR': 'Se este e-mail tiver uma conta, um código de 4 dígitos está a caminho. Ele vale por 10 minutos.',
  },
  tooManyCodes: {
    en: 'You have asked for 3 codes in the last 15 minutes. Please use the latest one or wait a few minutes.',
    es: 'Has pedido 3 códigos en los últimos 15 minutos. Usa el último o espera unos minutos.',
    fr: 'Vous avez demandé 3 codes au cours des 15 dernières minutes. Utilisez le plus récent ou patientez quelques minutes.',
    de: 'Du hast in den letzten 15 Minuten 3 Codes angefordert. Nutze den neuesten oder warte ein paar Minuten.',
    it: 'Hai richiesto 3 codici negli ultimi 15 minuti. Usa il più recente o attendi qualche minuto.',
    'pt-BR': 'Você pediu 3 códigos nos últimos 15 minutos. Use o mais recente ou aguarde alguns minutos.',
  },
  tooManyMails: {
    en: 'You have asked for 3 emails in the last 15 minutes. Please check your inbox or wait a few minutes.',
    es: 'Has pedido 3 correos en los últimos 15 minutos. Revisa tu bandeja de entrada o espera unos minutos.',
    fr: 'Vous avez demandé 3 e-mails au cours des 15 dernières minutes. Vérifiez votre boîte de réception ou patientez quelques minutes.',
    de: 'Du hast in den letzten 15 Minuten 3 E-Mails angefordert. Sieh in deinem Posteingang nach oder warte ein paar Minuten.',
    it: 'Hai richiesto 3 email negli ultimi 15 minuti. Controlla la posta in arrivo o attendi qualche minuto.',
    'pt-BR': 'Você pediu 3 e-mails nos últimos 15 minutos. Verifique sua caixa de entrada ou aguarde alguns minutos.',
  },
  tooManyCodesForEmail: {
    en: 'Many codes have been asked for this email in the last 15 minutes. Please use the latest one or wait a few minutes.',
    es: 'Se han pedido muchos códigos para este correo en los últimos 15 minutos. Usa el último o espera unos minutos.',
    fr: 'Beaucoup de codes ont été demandés pour cet e-mail au cours des 15 dernières minutes. Utilisez le plus récent ou patientez quelques minutes.',
    de: 'Für diese E-Mail wurden in den letzten 15 Minuten viele Codes angefordert. Nutze den neuesten oder warte ein paar Minuten.',
    it: 'Sono stati richiesti molti codici per questa email negli ultimi 15 minuti. Usa il più recente o attendi qualche minuto.',
    'pt-BR':
      'Muitos códigos foram pedidos para este e-mail nos últimos 15 minutos. Use o mais recente ou aguarde alguns minutos.',
  },
  lockedHere: {
    en: 'Too many wrong codes from this connection. To protect the account, codes for this email are blocked here for up to 24 hours. On a device you have logged in on before, you can still log in.',
    es: 'Demasiados códigos incorrectos desde esta conexión. Para proteger la cuenta, los códigos de este correo están bloqueados aquí durante un máximo de 24 horas. En un dispositivo en el que ya hayas iniciado sesión, puedes seguir entrando.',
    fr: 'Trop de codes erronés depuis cette connexion. Pour protéger le compte, les codes de cet e-mail sont bloqués ici pendant 24 heures au plus. Sur un appareil où vous vous êtes déjà connecté, vous pouvez toujours vous connecter.',
    de: 'Zu viele falsche Codes von dieser Verbindung. Zum Schutz des Kontos sind Codes für diese E-Mail hier für bis zu 24 Stunden gesperrt. Auf einem Gerät, auf dem du dich schon angemeldet hast, kannst du dich weiterhin anmelden.',
    it: 'Troppi codici errati da questa connessione. Per proteggere l’account, i codici per questa email sono bloccati qui per un massimo di 24 ore. Su un dispositivo da cui hai già effettuato l’accesso puoi ancora accedere.',
    'pt-BR':
      'Muitos códigos incorretos a partir desta conexão. Para proteger a conta, os códigos deste e-mail estão bloqueados aqui por até 24 horas. Em um dispositivo em que você já entrou antes, ainda é possível fazer login.',
  },
  slowedDown: {
    en: 'That is several wrong codes in a row. Please wait {n} seconds before the next try.',
    es: 'Son varios códigos incorrectos seguidos. Espera {n} segundos antes del siguiente intento.',
    fr: 'Cela fait plusieurs codes erronés d’affilée. Patientez {n} secondes avant le prochain essai.',
    de: 'Das waren mehrere falsche Codes hintereinander. Bitte warte {n} Sekunden bis zum nächsten Versuch.',
    it: 'Sono diversi codici errati di fila. Attendi {n} secondi prima del prossimo tentativo.',
    'pt-BR': 'Foram vários códigos incorretos seguidos. Aguarde {n} segundos antes da próxima tentativa.',
  },
  useSignInLink: {
    en: 'Too many wrong codes have been tried for this email, so typed codes are paused on new devices. Ask for a new code: its email has a sign-in link that logs you in.',
    es: 'Se han probado demasiados códigos incorrectos para este correo, así que los códigos escritos están en pausa en dispositivos nuevos. Pide un código nuevo: su correo trae un enlace de acceso que te hace entrar.',
    fr: 'Trop de codes erronés ont été essayés pour cet e-mail : les codes saisis sont suspendus sur les nouveaux appareils. Demandez un nouveau code : son e-mail contient un lien de connexion qui vous connecte.',
    de: 'Für diese E-Mail wurden zu viele falsche Codes probiert, daher sind eingetippte Codes auf neuen Geräten pausiert. Fordere einen neuen Code an: Seine E-Mail enthält einen Anmeldelink, der dich anmeldet.',
    it: 'Sono stati provati troppi codici errati per questa email, quindi i codici digitati sono sospesi sui nuovi dispositivi. Richiedi un nuovo codice: la sua email contiene un link di accesso che ti fa entrare.',
    'pt-BR':
      'Foram tentados muitos códigos incorretos para este e-mail, por isso os códigos digitados estão pausados em dispositivos novos. Peça um novo código: o e-mail dele traz um link de acesso que faz seu login.',
  },
  signInLinkInvalid: {
    en: 'This sign-in link has expired or was already used. Please ask for a new code.',
    es: 'Este enlace de acceso ha caducado o ya se usó. Pide un código nuevo.',
    fr: 'Ce lien de connexion a expiré ou a déjà été utilisé. Demandez un nouveau code.',
    de: 'Dieser Anmeldelink ist abgelaufen oder wurde schon benutzt. Bitte fordere einen neuen Code an.',
    it: 'Questo link di accesso è scaduto o è già stato usato. Richiedi un nuovo codice.',
    'pt-BR': 'Este link de acesso expirou ou já foi usado. Peça um novo código.',
  },
  wrongCode: {
    // Issue 51: "1 tries left"; each language's plural forms (translate below).
    en: 'That code is not right. {n, plural, one {# try} other {# tries}} left for this code.',
    es: 'Ese código no es correcto. {n, plural, one {Te queda # intento} other {Te quedan # intentos}} para este código.',
    fr: 'Ce code est incorrect. {n, plural, one {Il reste # essai} other {Il reste # essais}} pour ce code.',
    de: 'Dieser Code stimmt nicht. Noch {n, plural, one {# Versuch} other {# Versuche}} für diesen Code.',
    it: 'Il codice non è corretto. {n, plural, one {Resta # tentativo} other {Restano # tentativi}} per questo codice.',
    'pt-BR':
      'Esse código não está correto. {n, plural, one {Resta # tentativa} other {Restam # tentativas}} para este código.',
  },
  codeDead: {
    en: 'This code no longer works after 5 wrong tries. Please ask for a new code.',
    es: 'Este código ya no funciona tras 5 intentos fallidos. Pide un código nuevo.',
    fr: 'Ce code ne fonctionne plus après 5 essais erronés. Demandez un nouveau code.',
    de: 'Dieser Code funktioniert nach 5 Fehlversuchen nicht mehr. Bitte fordere einen neuen Code an.',
    it: 'Questo codice non funziona più dopo 5 tentativi errati. Richiedi un nuovo codice.',
    'pt-BR': 'Este código não funciona mais após 5 tentativas erradas. Peça um novo código.',
  },
  codeExpired: {
    en: 'This code has expired or was already used. Please ask for a new code.',
    es: 'Este código ha caducado o ya se usó. Pide un código nuevo.',
    fr: 'Ce code a expiré ou a déjà été utilisé. Demandez un nouveau code.',
    de: 'Dieser Code ist abgelaufen oder wurde schon verwendet. Bitte fordere einen neuen Code an.',
    it: 'Questo codice è scaduto o è già stato usato. Richiedi un nuovo codice.',
    'pt-BR': 'Este código expirou ou já foi usado. Peça um novo código.',
  },
  usernameSent: {
    en: 'If this email has an account, we have sent its username to it.',
    es: 'Si este correo tiene una cuenta, te hemos enviado su nombre de usuario.',
    fr: 'Si cet e-mail a un compte, nous lui avons envoyé son nom d’utilisateur.',
    de: 'Falls diese E-Mail ein Konto hat, haben wir den Benutzernamen dorthin geschickt.',
    it: 'Se questa email ha un account, le abbiamo inviato il nome utente.',
    'pt-BR': 'Se este e-mail tiver uma conta, enviamos o nome de usuário para ele.',
  },
  loggedOut: {
    en: 'You are logged out.',
    es: 'Has cerrado sesión.',
    fr: 'Vous êtes déconnecté.',
    de: 'Du bist abgemeldet.',
    it: 'Sei uscito dall’account.',
    'pt-BR': 'Você saiu da conta.',
  },
  dataCleared: {
    en: 'Your data has been cleared.',
    es: 'Tus datos se han borrado.',
    fr: 'Vos données ont été effacées.',
    de: 'Deine Daten wurden gelöscht.',
    it: 'I tuoi dati sono stati cancellati.',
    'pt-BR': 'Seus dados foram apagados.',
  },
  supportReceived: {
    en: 'Thank you! We received your message and will answer by email.',
    es: '¡Gracias! Hemos recibido tu mensaje y te responderemos por correo.',
    fr: 'Merci ! Nous avons reçu votre message et vous répondrons par e-mail.',
    de: 'Danke! Wir haben deine Nachricht erhalten und antworten per E-Mail.',
    it: 'Grazie! Abbiamo ricevuto il tuo messaggio e ti risponderemo via email.',
    'pt-BR': 'Obrigado! Recebemos sua mensagem e responderemos por e-mail.',
  },
  invalidUsername: {
    en: 'We could not find this username on the network. Please check it and try again.',
    es: 'No encontramos este nombre de usuario en la red. Revísalo e inténtalo de nuevo.',
    fr: 'Nous n’avons pas trouvé ce nom d’utilisateur sur le réseau. Vérifiez-le et réessayez.',
    de: 'Wir konnten diesen Benutzernamen im Netzwerk nicht finden. Bitte prüfe ihn und versuche es erneut.',
    it: 'Non abbiamo trovato questo nome utente sulla rete. Controllalo e riprova.',
    'pt-BR': 'Não encontramos este nome de usuário na rede. Verifique e tente novamente.',
  },
  excessiveActivity: {
    en: 'Access restricted due to excessive activity.',
    es: 'Acceso restringido por actividad excesiva.',
    fr: 'Accès restreint en raison d’une activité excessive.',
    de: 'Zugriff wegen übermäßiger Aktivität eingeschränkt.',
    it: 'Accesso limitato a causa di attività eccessiva.',
    'pt-BR': 'Acesso restrito devido a atividade excessiva.',
  },
  cardDeclined: {
    en: 'Your card was declined. Please try another card.',
    es: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.',
    fr: 'Votre carte a été refusée. Essayez une autre carte.',
    de: 'Deine Karte wurde abgelehnt. Bitte versuche eine andere Karte.',
    it: 'La tua carta è stata rifiutata. Prova un’altra carta.',
    'pt-BR': 'Seu cartão foi recusado. Tente outro cartão.',
  },
  insufficientFunds: {
    en: 'Your card has insufficient funds.',
    es: 'Tu tarjeta no tiene fondos suficientes.',
    fr: 'Votre carte n’a pas de fonds suffisants.',
    de: 'Auf deiner Karte ist nicht genug Guthaben.',
    it: 'La tua carta non ha fondi sufficienti.',
    'pt-BR': 'Seu cartão não tem saldo suficiente.',
  },
  threeDsFailed: {
    en: 'Your bank could not confirm this payment (3-D Secure). Please try again or use another card.',
    es: 'Tu banco no pudo confirmar este pago (3-D Secure). Inténtalo de nuevo o usa otra tarjeta.',
    fr: 'Votre banque n’a pas pu confirmer ce paiement (3-D Secure). Réessayez ou utilisez une autre carte.',
    de: 'Deine Bank konnte diese Zahlung nicht bestätigen (3-D Secure). Versuche es erneut oder nutze eine andere Karte.',
    it: 'La tua banca non ha potuto confermare il pagamento (3-D Secure). Riprova o usa un’altra carta.',
    'pt-BR': 'Seu banco não confirmou este pagamento (3-D Secure). Tente novamente ou use outro cartão.',
  },
  notATestCard: {
    en: 'In this demo only the test cards work, for example 4111 1111 1111 1111.',
    es: 'En esta demo solo funcionan las tarjetas de prueba, por ejemplo 4111 1111 1111 1111.',
    fr: 'Dans cette démo, seules les cartes de test fonctionnent, par exemple 4111 1111 1111 1111.',
    de: 'In dieser Demo funktionieren nur Testkarten, zum Beispiel 4111 1111 1111 1111.',
    it: 'In questa demo funzionano solo le carte di prova, ad esempio 4111 1111 1111 1111.',
    'pt-BR': 'Nesta demonstração só funcionam os cartões de teste, por exemplo 4111 1111 1111 1111.',
  },
  captchaRequired: {
    en: 'Please complete the human check first.',
    es: 'Completa primero la verificación humana.',
    fr: 'Veuillez d’abord effectuer la vérification humaine.',
    de: 'Bitte schließe zuerst die Prüfung ab, ob du ein Mensch bist.',
    it: 'Completa prima la verifica umana.',
    'pt-BR': 'Conclua primeiro a verificação humana.',
  },
  captchaFailed: {
    en: 'The human check did not pass. Please try again.',
    es: 'La verificación humana no se superó. Inténtalo de nuevo.',
    fr: 'La vérification humaine a échoué. Veuillez réessayer.',
    de: 'Die Prüfung ist fehlgeschlagen. Bitte versuche es erneut.',
    it: 'La verifica umana non è riuscita. Riprova.',
    'pt-BR': 'A verificação humana falhou. Tente novamente.',
  },
  alreadySubscribed: {
    en: 'This email already has an active subscription. Please log in instead.',
    es: 'Este correo ya tiene una suscripción activa. Inicia sesión.',
    fr: 'Cet e-mail a déjà un abonnement actif. Connectez-vous plutôt.',
    de: 'Diese E-Mail hat bereits ein aktives Abo. Bitte melde dich stattdessen an.',
    it: 'Questa email ha già un abbonamento attivo. Accedi invece.',
    'pt-BR': 'Este e-mail já tem uma assinatura ativa. Faça login.',
  },
  paymentInProgress: {
    en: 'This payment is already being processed. Please wait a moment.',
    es: 'Este pago ya se está procesando. Espera un momento.',
    fr: 'Ce paiement est déjà en cours de traitement. Patientez un instant.',
    de: 'Diese Zahlung wird bereits verarbeitet. Bitte warte einen Moment.',
    it: 'Questo pagamento è già in elaborazione. Attendi un momento.',
    'pt-BR': 'Este pagamento já está sendo processado. Aguarde um momento.',
  },
  paymentNotFound: {
    en: 'We could not find this payment. Please start again.',
    es: 'No encontramos este pago. Vuelve a empezar.',
    fr: 'Nous n’avons pas trouvé ce paiement. Veuillez recommencer.',
    de: 'Wir konnten diese Zahlung nicht finden. Bitte fang noch einmal an.',
    it: 'Non abbiamo trovato questo pagamento. Ricomincia.',
    'pt-BR': 'Não encontramos este pagamento. Comece novamente.',
  },
  unknownPlan: {
    en: 'This plan is not available. Please choose another one.',
    es: 'Este plan no está disponible. Elige otro.',
    fr: 'Cette offre n’est pas disponible. Choisissez-en une autre.',
    de: 'Dieser Tarif ist nicht verfügbar. Bitte wähle einen anderen.',
    it: 'Questo piano non è disponibile. Scegline un altro.',
    'pt-BR': 'Este plano não está disponível. Escolha outro.',
  },
  paymentDone: {
    en: 'Payment received. We have sent you a 4-digit code to log in.',
    es: 'Pago recibido. Te hemos enviado un código de 4 dígitos para iniciar sesión.',
    fr: 'Paiement reçu. Nous vous avons envoyé un code à 4 chiffres pour vous connecter.',
    de: 'Zahlung erhalten. Wir haben dir einen 4-stelligen Code zum Anmelden geschickt.',
    it: 'Pagamento ricevuto. Ti abbiamo inviato un codice di 4 cifre per accedere.',
    'pt-BR': 'Pagamento recebido. Enviamos um código de 4 dígitos para você entrar.',
  },
  renewed: {
    en: 'Welcome back! Your subscription is active again.',
    es: '¡Bienvenido de nuevo! Tu suscripción vuelve a estar activa.',
    fr: 'Bon retour ! Votre abonnement est de nouveau actif.',
    de: 'Willkommen zurück! Dein Abo ist wieder aktiv.',
    it: 'Bentornato! Il tuo abbonamento è di nuovo attivo.',
    'pt-BR': 'Bem-vindo de volta! Sua assinatura está ativa novamente.',
  },
  cardInvalid: {
    en: 'Please check the card number, expiry date and CVC.',
    es: 'Revisa el número de tarjeta, la fecha de caducidad y el CVC.',
    fr: 'Vérifiez le numéro de carte, la date d’expiration et le CVC.',
    de: 'Bitte prüfe Kartennummer, Ablaufdatum und CVC.',
    it: 'Controlla numero della carta, scadenza e CVC.',
    'pt-BR': 'Verifique o número do cartão, a validade e o CVC.',
  },
  sentimentHighTraffic: {
    en: 'We are experiencing high traffic at the moment. Please try again later.',
    es: 'En este momento estamos experimentando mucho tráfico. Inténtalo de nuevo más tarde.',
    fr: 'Nous connaissons actuellement un trafic élevé. Veuillez réessayer plus tard.',
    de: 'Wir haben im Moment sehr viel Andrang. Bitte versuche es später erneut.',
    it: 'Al momento stiamo registrando un traffico elevato. Riprova più tardi.',
    'pt-BR': 'Estamos com tráfego intenso no momento. Tente novamente mais tarde.',
  },
  insightNeedsAnalysis: {
    en: 'Your insights need figures to read: run an analysis from the home page first.',
    es: 'Tus insights necesitan cifras: primero ejecuta un análisis desde la página de inicio.',
    fr: 'Vos insights ont besoin de chiffres : lancez d’abord une analyse depuis l’accueil.',
    de: 'Deine Insights brauchen Zahlen: Starte zuerst eine Analyse auf der Startseite.',
    it: 'I tuoi insight hanno bisogno di dati: avvia prima un’analisi dalla home.',
    'pt-BR': 'Seus insights precisam de números: faça primeiro uma análise na página inicial.',
  },
  insightDailyLimit: {
    en: 'You have asked for several insight summaries today. Please try again tomorrow.',
    es: 'Hoy ya has pedido varios resúmenes de insights. Vuelve a intentarlo mañana.',
    fr: 'Vous avez déjà demandé plusieurs résumés aujourd’hui. Réessayez demain.',
    de: 'Du hast heute schon mehrere Zusammenfassungen angefordert. Bitte versuche es morgen wieder.',
    it: 'Oggi hai già chiesto diversi riepiloghi. Riprova domani.',
    'pt-BR': 'Você já pediu vários resumos hoje. Tente novamente amanhã.',
  },
  notAPostLink: {
    en: 'This is not a link to a post or reel. Copy the link from the post’s “Share” menu and paste it here.',
    es: 'Este no es un enlace a una publicación o reel. Copia el enlace desde el menú «Compartir» de la publicación y pégalo aquí.',
    fr: 'Ce n’est pas un lien vers une publication ou un reel. Copiez le lien depuis le menu « Partager » de la publication et collez-le ici.',
    de: 'Das ist kein Link zu einem Beitrag oder Reel. Kopiere den Link über das „Teilen“-Menü des Beitrags und füge ihn hier ein.',
    it: 'Questo non è un link a un post o a un reel. Copia il link dal menu “Condividi” del post e incollalo qui.',
    'pt-BR': 'Este não é um link de publicação ou reel. Copie o link no menu “Compartilhar” da publicação e cole aqui.',
  },
  postNotFound: {
    en: 'We could not find this post. It may be private or deleted.',
    es: 'No encontramos esta publicación. Puede ser privada o haber sido eliminada.',
    fr: 'Nous n’avons pas trouvé cette publication. Elle est peut-être privée ou supprimée.',
    de: 'Wir konnten diesen Beitrag nicht finden. Vielleicht ist er privat oder gelöscht.',
    it: 'Non abbiamo trovato questo post. Potrebbe essere privato o eliminato.',
    'pt-BR': 'Não encontramos esta publicação. Ela pode ser privada ou ter sido excluída.',
  },
  accountNotFound: {
    en: 'We could not find this account. Check the username and try again.',
    es: 'No encontramos esta cuenta. Revisa el nombre de usuario e inténtalo de nuevo.',
    fr: 'Nous n’avons pas trouvé ce compte. Vérifiez le nom d’utilisateur et réessayez.',
    de: 'Wir konnten dieses Konto nicht finden. Prüfe den Benutzernamen und versuche es erneut.',
    it: 'Non abbiamo trovato questo account. Controlla il nome utente e riprova.',
    'pt-BR': 'Não encontramos esta conta. Verifique o nome de usuário e tente novamente.',
  },
  downloadNeedsInput: {
    en: 'Paste a post or reel link, or type a username.',
    es: 'Pega un enlace de una publicación o reel, o escribe un nombre de usuario.',
    fr: 'Collez le lien d’une publication ou d’un reel, ou saisissez un nom d’utilisateur.',
    de: 'Füge einen Link zu einem Beitrag oder Reel ein oder gib einen Benutzernamen ein.',
    it: 'Incolla il link di un post o di un reel, oppure scrivi un nome utente.',
    'pt-BR': 'Cole o link de uma publicação ou reel, ou digite um nome de usuário.',
  },
  importOtherAccount: {
    en: 'This download belongs to @{owner}, not to @{username}. Request the download while logged in to @{username} on the network.',
    es: 'Esta descarga pertenece a @{owner}, no a @{username}. Solicita la descarga con la sesión iniciada en @{username} en la red.',
    fr: 'Ce téléchargement appartient à @{owner}, pas à @{username}. Demandez le téléchargement en étant connecté à @{username} sur le réseau.',
    de: 'Dieser Download gehört @{owner}, nicht @{username}. Fordere den Download an, während du auf dem Netzwerk als @{username} angemeldet bist.',
    it: 'Questo download appartiene a @{owner}, non a @{username}. Richiedi il download dopo aver effettuato l’accesso a @{username} sul social.',
    'pt-BR':
      'Este download pertence a @{owner}, não a @{username}. Solicite o download com a conta @{username} conectada na rede.',
  },
  importPartialRange: {
    en: 'This download covers only part of your history (a date range). Request it again with “All time” as the date range.',
    es: 'Esta descarga cubre solo una parte de tu historial (un intervalo de fechas). Solicítala de nuevo con «Desde el principio» como intervalo.',
    fr: 'Ce téléchargement ne couvre qu’une partie de votre historique (une période). Demandez-le à nouveau avec « Depuis le début » comme période.',
    de: 'Dieser Download umfasst nur einen Teil deines Verlaufs (einen Zeitraum). Fordere ihn erneut mit „Gesamter Zeitraum“ an.',
    it: 'Questo download copre solo una parte della tua cronologia (un intervallo di date). Richiedilo di nuovo con “Dall’inizio” come intervallo.',
    'pt-BR':
      'Este download cobre só parte do seu histórico (um período). Solicite de novo com “Desde o início” como período.',
  },
  importNoFollowers: {
    en: 'This download has no followers in it, though you follow people: it would show everyone you follow as not following you back, so nothing was imported. On the network, request “Download your information” again with “Followers and following” and “All time”.',
    es: 'Esta descarga no trae seguidores, aunque tú sigues a personas: mostraría a todos los que sigues como si no te siguieran, así que no se importó nada. En la red, vuelve a pedir «Descargar tu información» con «Seguidores y seguidos» y «Desde el principio».',
    fr: 'Ce téléchargement ne contient aucun abonné, alors que vous suivez des personnes : tous ceux que vous suivez sembleraient ne pas vous suivre, donc rien n’a été importé. Sur le réseau, demandez à nouveau « Télécharger vos informations » avec « Abonnés et abonnements » et « Depuis le début ».',
    de: 'Dieser Download enthält keine Follower, obwohl du Personen folgst: Alle, denen du folgst, erschienen so, als folgten sie dir nicht, daher wurde nichts importiert. Fordere im Netzwerk erneut „Deine Informationen herunterladen“ mit „Follower und Gefolgt“ und „Gesamter Zeitraum“ an.',
    it: 'Questo download non contiene follower, anche se segui delle persone: tutti quelli che segui risulterebbero non seguirti, quindi non è stato importato nulla. Sul social, richiedi di nuovo “Scarica le tue informazioni” con “Follower e persone seguite” e “Dall’inizio”.',
    'pt-BR':
      'Este download não tem seguidores, embora você siga pessoas: todos que você segue apareceriam como se não seguissem você, então nada foi importado. Na rede, solicite de novo “Baixar suas informações” com “Seguidores e seguindo” e “Desde o início”.',
  },
  importSharpDrop: {
    en: 'This download has {now} followers; your previous one had {previous}. More than 30% gone at once is often a download that misses part of your followers. Keep the previous import, or import this one anyway.',
    es: 'Esta descarga tiene {now} seguidores; la anterior tenía {previous}. Perder más del 30 % de golpe suele ser una descarga a la que le falta parte de tus seguidores. Conserva la importación anterior o importa esta de todos modos.',
    fr: 'Ce téléchargement compte {now} abonnés ; le précédent en comptait {previous}. Plus de 30 % partis d’un coup, c’est souvent un téléchargement auquel il manque une partie de vos abonnés. Gardez l’import précédent, ou importez celui-ci quand même.',
    de: 'Dieser Download hat {now} Follower, dein vorheriger hatte {previous}. Mehr als 30 % auf einmal weg bedeutet oft einen Download, dem ein Teil deiner Follower fehlt. Behalte den vorherigen Import oder importiere diesen trotzdem.',
    it: 'Questo download ha {now} follower; il precedente ne aveva {previous}. Più del 30% in meno tutto insieme spesso indica un download a cui manca parte dei tuoi follower. Mantieni l’importazione precedente o importa comunque questa.',
    'pt-BR':
      'Este download tem {now} seguidores; o anterior tinha {previous}. Mais de 30% a menos de uma vez costuma ser um download sem parte dos seus seguidores. Mantenha a importação anterior ou importe esta mesmo assim.',
  },
  importOlderDownload: {
    en: 'You already imported a newer download ({date}). Import downloads from oldest to newest, or request a new one.',
    es: 'Ya importaste una descarga más reciente ({date}). Importa las descargas de la más antigua a la más reciente, o solicita una nueva.',
    fr: 'Vous avez déjà importé un téléchargement plus récent ({date}). Importez-les du plus ancien au plus récent, ou demandez-en un nouveau.',
    de: 'Du hast bereits einen neueren Download importiert ({date}). Importiere Downloads vom ältesten zum neuesten oder fordere einen neuen an.',
    it: 'Hai già importato un download più recente ({date}). Importa i download dal più vecchio al più recente, oppure richiedine uno nuovo.',
    'pt-BR':
      'Você já importou um download mais recente ({date}). Importe do mais antigo para o mais novo, ou solicite um novo.',
  },
  importBadChunk: {
    en: 'Part of the upload arrived damaged. Please import the download again.',
    es: 'Una parte de la subida llegó dañada. Vuelve a importar la descarga.',
    fr: 'Une partie de l’envoi est arrivée endommagée. Importez à nouveau le téléchargement.',
    de: 'Ein Teil des Uploads kam beschädigt an. Bitte importiere den Download erneut.',
    it: 'Una parte del caricamento è arrivata danneggiata. Importa di nuovo il download.',
    'pt-BR': 'Parte do envio chegou danificada. Importe o download novamente.',
  },
  importIncomplete: {
    en: 'The upload is not complete yet. Please try again to send the rest.',
    es: 'La subida aún no está completa. Vuelve a intentarlo para enviar el resto.',
    fr: 'L’envoi n’est pas encore complet. Réessayez pour envoyer le reste.',
    de: 'Der Upload ist noch nicht vollständig. Versuche es erneut, um den Rest zu senden.',
    it: 'Il caricamento non è ancora completo. Riprova per inviare il resto.',
    'pt-BR': 'O envio ainda não está completo. Tente de novo para enviar o restante.',
  },
  importQuota: {
    en: 'This download is larger than one import may be, so it was not imported. What you imported before is kept.',
    es: 'Esta descarga es más grande de lo que admite una importación, así que no se importó. Lo que importaste antes se conserva.',
    fr: 'Ce téléchargement dépasse la taille qu’une importation peut avoir ; il n’a donc pas été importé. Ce que vous avez importé avant est conservé.',
    de: 'Dieser Download ist größer, als ein Import sein darf, deshalb wurde er nicht importiert. Was du vorher importiert hast, bleibt erhalten.',
    it: 'Questo download è più grande di quanto un’importazione possa essere, quindi non è stato importato. Ciò che hai importato prima resta.',
    'pt-BR':
      'Este download é maior do que uma importação pode ser, por isso não foi importado. O que você importou antes continua salvo.',
  },
  ...sourceMessages,
  ...officialMessages,
  ...accountMessages,
  ...paymentMessages,
  ...pushMessages,
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

// `{n, plural, one {# try} other {# tries}}`, as the UI's catalogs write plurals (ICU MessageFormat).
const PLURAL = /\{(\w+), plural, ((?:\w+ \{[^{}]*\}\s*)+)\}/g;
const PLURAL_CASE = /(\w+) \{([^{}]*)\}/g;

/** The plural forms of `text` chosen for `values` by the language's rules (Intl.PluralRules). */
function choosePlurals(text: string, locale: Locale, values: Record<string, string | number>): string {
  return text.replace(PLURAL, (whole, name: string, cases: string) => {
    const value = values[name];
    if (typeof value !== 'number') return whole;
    const forms = new Map([...cases.matchAll(PLURAL_CASE)].map(([, form, words]) => [form, words ?? '']));
    const words = forms.get(`=${value}`) ?? forms.get(new Intl.PluralRules(locale).select(value)) ?? forms.get('other');
    return (words ?? whole).replaceAll('#', String(value));
  });
}

/** A server message in the language of an accept-language header; `{name}` takes `values.name`. */
export function translate(
  key: ServerMessage,
  acceptLanguage: string | undefined,
  values: Record<string, string | number> = {},
): string {
  const locale = localeOf(acceptLanguage);
  return choosePlurals(serverMessages[key][locale], locale, values).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
