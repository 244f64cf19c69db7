// Messages about the network's official API (issue 18): connecting, and when a connection stops.
import type { Catalog } from './messages.ts';

export const officialMessages = {
  officialNotConfigured: {
    en: 'Connecting an account through the network’s official API is not set up on this server.',
    es: 'Conectar una cuenta mediante la API oficial de la red no está configurado en este servidor.',
    fr: 'La connexion d’un compte par l’API officielle du réseau n’est pas configurée sur ce serveur.',
    de: 'Das Verbinden eines Kontos über die offizielle API des Netzwerks ist auf diesem Server nicht eingerichtet.',
    it: 'Il collegamento di un account tramite l’API ufficiale della rete non è configurato su questo server.',
    'pt-BR': 'Conectar uma conta pela API oficial da rede não está configurado neste servidor.',
  },
  officialConsentStale: {
    en: 'This connection was started too long ago or in another session. Please press Connect your account again.',
    es: 'Esta conexión se inició hace demasiado tiempo o en otra sesión. Pulsa de nuevo Conectar tu cuenta.',
    fr: 'Cette connexion a été lancée il y a trop longtemps ou dans une autre session. Appuyez à nouveau sur Connecter votre compte.',
    de: 'Diese Verbindung wurde vor zu langer Zeit oder in einer anderen Sitzung begonnen. Tippe bitte erneut auf Konto verbinden.',
    it: 'Questo collegamento è stato avviato troppo tempo fa o in un’altra sessione. Premi di nuovo Collega il tuo account.',
    'pt-BR': 'Esta conexão foi iniciada há muito tempo ou em outra sessão. Toque de novo em Conectar sua conta.',
  },
  officialConsentRefused: {
    en: 'The network did not accept this connection. Please press Connect your account again.',
    es: 'La red no aceptó esta conexión. Pulsa de nuevo Conectar tu cuenta.',
    fr: 'Le réseau n’a pas accepté cette connexion. Appuyez à nouveau sur Connecter votre compte.',
    de: 'Das Netzwerk hat diese Verbindung nicht angenommen. Tippe bitte erneut auf Konto verbinden.',
    it: 'La rete non ha accettato questo collegamento. Premi di nuovo Collega il tuo account.',
    'pt-BR': 'A rede não aceitou esta conexão. Toque de novo em Conectar sua conta.',
  },
  officialUnreachable: {
    en: 'The network’s official API could not be reached. Please try again in a moment.',
    es: 'No se pudo contactar con la API oficial de la red. Inténtalo de nuevo en un momento.',
    fr: 'L’API officielle du réseau est injoignable. Réessayez dans un instant.',
    de: 'Die offizielle API des Netzwerks ist nicht erreichbar. Bitte versuche es gleich noch einmal.',
    it: 'Non è stato possibile raggiungere l’API ufficiale della rete. Riprova tra un momento.',
    'pt-BR': 'Não foi possível acessar a API oficial da rede. Tente de novo em instantes.',
  },
  officialReconnect: {
    en: 'Your connection to the network’s official API has expired or was removed. Connect your account again: nothing collected is lost.',
    es: 'Tu conexión con la API oficial de la red caducó o se eliminó. Vuelve a conectar tu cuenta: no se pierde nada de lo recopilado.',
    fr: 'Votre connexion à l’API officielle du réseau a expiré ou a été retirée. Reconnectez votre compte : rien de ce qui a été collecté n’est perdu.',
    de: 'Deine Verbindung zur offiziellen API des Netzwerks ist abgelaufen oder wurde entfernt. Verbinde dein Konto erneut: Nichts Gesammeltes geht verloren.',
    it: 'Il collegamento all’API ufficiale della rete è scaduto o è stato rimosso. Ricollega il tuo account: nulla di ciò che è stato raccolto va perso.',
    'pt-BR':
      'Sua conexão com a API oficial da rede expirou ou foi removida. Conecte sua conta de novo: nada do que foi coletado se perde.',
  },
  officialDeletionTitle: {
    en: 'Followscope: your data deletion request',
    es: 'Followscope: tu solicitud de eliminación de datos',
    fr: 'Followscope : votre demande de suppression de données',
    de: 'Followscope: deine Anfrage zur Löschung deiner Daten',
    it: 'Followscope: la tua richiesta di eliminazione dei dati',
    'pt-BR': 'Followscope: seu pedido de exclusão de dados',
  },
  officialDeletionDone: {
    en: 'Done on {when}: your access token and every figure Followscope had from the network’s official API were deleted. Your Followscope account itself stays; you can connect again at any time. Confirmation code: {code}.',
    es: 'Hecho el {when}: se eliminaron tu token de acceso y todas las cifras que Followscope tenía de la API oficial de la red. Tu cuenta de Followscope sigue existiendo; puedes volver a conectarte cuando quieras. Código de confirmación: {code}.',
    fr: 'Fait le {when} : votre jeton d’accès et tous les chiffres que Followscope tenait de l’API officielle du réseau ont été supprimés. Votre compte Followscope reste ; vous pouvez vous reconnecter à tout moment. Code de confirmation : {code}.',
    de: 'Erledigt am {when}: Dein Zugriffstoken und alle Zahlen, die Followscope von der offiziellen API des Netzwerks hatte, wurden gelöscht. Dein Followscope-Konto selbst bleibt bestehen; du kannst dich jederzeit wieder verbinden. Bestätigungscode: {code}.',
    it: 'Fatto il {when}: il tuo token di accesso e tutti i dati che Followscope aveva dall’API ufficiale della rete sono stati eliminati. Il tuo account Followscope resta; puoi ricollegarti quando vuoi. Codice di conferma: {code}.',
    'pt-BR':
      'Feito em {when}: seu token de acesso e todos os números que o Followscope tinha da API oficial da rede foram excluídos. Sua conta do Followscope continua; você pode conectar de novo quando quiser. Código de confirmação: {code}.',
  },
  officialDeletionNothing: {
    en: 'Done on {when}: Followscope held no data from the network’s official API for this account, so there was nothing to delete. Confirmation code: {code}.',
    es: 'Hecho el {when}: Followscope no tenía datos de la API oficial de la red para esta cuenta, así que no había nada que eliminar. Código de confirmación: {code}.',
    fr: 'Fait le {when} : Followscope ne détenait aucune donnée de l’API officielle du réseau pour ce compte ; il n’y avait rien à supprimer. Code de confirmation : {code}.',
    de: 'Erledigt am {when}: Followscope hatte für dieses Konto keine Daten von der offiziellen API des Netzwerks, es gab also nichts zu löschen. Bestätigungscode: {code}.',
    it: 'Fatto il {when}: Followscope non aveva dati dall’API ufficiale della rete per questo account, quindi non c’era nulla da eliminare. Codice di conferma: {code}.',
    'pt-BR':
      'Feito em {when}: o Followscope não tinha dados da API oficial da rede para esta conta, então não havia nada a excluir. Código de confirmação: {code}.',
  },
  officialDeletionUnknown: {
    en: 'No deletion request has this confirmation code. Please check the link the network gave you.',
    es: 'Ninguna solicitud de eliminación tiene este código de confirmación. Revisa el enlace que te dio la red.',
    fr: 'Aucune demande de suppression ne porte ce code de confirmation. Vérifiez le lien que le réseau vous a donné.',
    de: 'Keine Löschanfrage hat diesen Bestätigungscode. Bitte prüfe den Link, den dir das Netzwerk gegeben hat.',
    it: 'Nessuna richiesta di eliminazione ha questo codice di conferma. Controlla il link che ti ha dato la rete.',
    'pt-BR': 'Nenhum pedido de exclusão tem este código de confirmação. Confira o link que a rede te deu.',
  },
  officialDisconnected: {
    en: 'Your account is disconnected. The figures already collected stay, with their source and date.',
    es: 'Tu cuenta está desconectada. Las cifras ya recopiladas se quedan, con su fuente y su fecha.',
    fr: 'Votre compte est déconnecté. Les chiffres déjà collectés restent, avec leur source et leur date.',
    de: 'Dein Konto ist getrennt. Die bereits gesammelten Zahlen bleiben, mit Quelle und Datum.',
    it: 'Il tuo account è scollegato. I dati già raccolti restano, con la loro fonte e data.',
    'pt-BR': 'Sua conta foi desconectada. Os números já coletados ficam, com a fonte e a data.',
  },
  officialOtherAccount: {
    en: 'You said yes as @{consented}, but this Followscope account is for @{username}. Log in to the network as @{username} and connect again.',
    es: 'Aceptaste como @{consented}, pero esta cuenta de Followscope es de @{username}. Inicia sesión en la red como @{username} y vuelve a conectar.',
    fr: 'Vous avez accepté en tant que @{consented}, mais ce compte Followscope est celui de @{username}. Connectez-vous au réseau en tant que @{username} et reconnectez-vous.',
    de: 'Du hast als @{consented} zugestimmt, aber dieses Followscope-Konto gehört zu @{username}. Melde dich im Netzwerk als @{username} an und verbinde erneut.',
    it: 'Hai accettato come @{consented}, ma questo account Followscope è di @{username}. Accedi alla rete come @{username} e collega di nuovo.',
    'pt-BR':
      'Você aceitou como @{consented}, mas esta conta do Followscope é de @{username}. Entre na rede como @{username} e conecte de novo.',
  },
  officialOwnMediaOnly: {
    en: 'With the official API the downloader takes your own posts, reels and stories: no legitimate source gives other people’s media.',
    es: 'Con la API oficial, el descargador toma tus propias publicaciones, reels e historias: ninguna fuente legítima ofrece el contenido de otras personas.',
    fr: 'Avec l’API officielle, le téléchargeur prend vos propres publications, reels et stories : aucune source légitime ne fournit les médias des autres.',
    de: 'Mit der offiziellen API lädt der Downloader deine eigenen Beiträge, Reels und Storys: Keine legitime Quelle liefert die Medien anderer Leute.',
    it: 'Con l’API ufficiale il downloader prende i tuoi post, reel e storie: nessuna fonte legittima fornisce i contenuti degli altri.',
    'pt-BR':
      'Com a API oficial, o downloader pega suas próprias publicações, reels e stories: nenhuma fonte legítima fornece as mídias de outras pessoas.',
  },
} satisfies Record<string, Catalog>;
