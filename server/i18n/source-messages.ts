// Messages about where figures come from (issue 17): what a source cannot give, said plainly.
import type { Catalog } from './messages.ts';

export const sourceMessages = {
  analysisNeedsSource: {
    en: 'Followscope reads a real account only from legitimate sources and never logs in as you. Import your data download to see your followers.',
    es: 'Followscope lee una cuenta real solo de fuentes legítimas y nunca inicia sesión como tú. Importa tu descarga de datos para ver a tus seguidores.',
    fr: 'Followscope ne lit un vrai compte qu’à partir de sources légitimes et ne se connecte jamais à votre place. Importez votre téléchargement de données pour voir vos abonnés.',
    de: 'Followscope liest ein echtes Konto nur aus legitimen Quellen und meldet sich nie als du an. Importiere deinen Daten-Download, um deine Follower zu sehen.',
    it: 'Followscope legge un account reale solo da fonti legittime e non accede mai al posto tuo. Importa il download dei tuoi dati per vedere i tuoi follower.',
    'pt-BR':
      'O Followscope lê uma conta real só de fontes legítimas e nunca entra como você. Importe o download dos seus dados para ver seus seguidores.',
  },
  storiesUnavailable: {
    en: 'Other people’s stories are only a demo on the sample network: no legitimate source gives them, and Followscope never logs in as you.',
    es: 'Las historias de otras personas son solo una demostración en la red de ejemplo: ninguna fuente legítima las ofrece y Followscope nunca inicia sesión como tú.',
    fr: 'Les stories des autres ne sont qu’une démonstration sur le réseau d’exemple : aucune source légitime ne les fournit, et Followscope ne se connecte jamais à votre place.',
    de: 'Storys anderer Leute sind nur eine Demo im Beispielnetzwerk: Keine legitime Quelle liefert sie, und Followscope meldet sich nie als du an.',
    it: 'Le storie degli altri sono solo una demo sulla rete di esempio: nessuna fonte legittima le fornisce e Followscope non accede mai al posto tuo.',
    'pt-BR':
      'Os stories de outras pessoas são só uma demonstração na rede de exemplo: nenhuma fonte legítima os fornece, e o Followscope nunca entra como você.',
  },
  downloaderUnavailable: {
    en: 'The downloader is only a demo on the sample network’s accounts: no legitimate source gives other people’s media, and Followscope never logs in as you.',
    es: 'El descargador es solo una demostración con las cuentas de la red de ejemplo: ninguna fuente legítima ofrece el contenido de otras personas y Followscope nunca inicia sesión como tú.',
    fr: 'Le téléchargeur n’est qu’une démonstration sur les comptes du réseau d’exemple : aucune source légitime ne fournit les médias des autres, et Followscope ne se connecte jamais à votre place.',
    de: 'Der Downloader ist nur eine Demo mit den Konten des Beispielnetzwerks: Keine legitime Quelle liefert die Medien anderer Leute, und Followscope meldet sich nie als du an.',
    it: 'Il downloader è solo una demo sugli account della rete di esempio: nessuna fonte legittima fornisce i contenuti degli altri e Followscope non accede mai al posto tuo.',
    'pt-BR':
      'O downloader é só uma demonstração com as contas da rede de exemplo: nenhuma fonte legítima fornece as mídias de outras pessoas, e o Followscope nunca entra como você.',
  },
  postsUnavailable: {
    en: 'Likes, comments and views of your posts come only from the network’s official API for professional accounts, which is not connected yet.',
    es: 'Los me gusta, comentarios y reproducciones de tus publicaciones solo los da la API oficial de la red para cuentas profesionales, que aún no está conectada.',
    fr: 'Les j’aime, commentaires et vues de vos publications ne viennent que de l’API officielle du réseau pour les comptes professionnels, qui n’est pas encore connectée.',
    de: 'Likes, Kommentare und Aufrufe deiner Beiträge liefert nur die offizielle API des Netzwerks für professionelle Konten, die noch nicht verbunden ist.',
    it: 'Mi piace, commenti e visualizzazioni dei tuoi post arrivano solo dall’API ufficiale della rete per account professionali, non ancora collegata.',
    'pt-BR':
      'As curtidas, os comentários e as visualizações das suas publicações vêm só da API oficial da rede para contas profissionais, que ainda não está conectada.',
  },
  sentimentUnavailable: {
    en: 'Comment sentiment needs the comments themselves, which only the network’s official API for professional accounts gives. It is not connected yet.',
    es: 'El sentimiento de los comentarios necesita los propios comentarios, que solo da la API oficial de la red para cuentas profesionales. Aún no está conectada.',
    fr: 'Le sentiment des commentaires a besoin des commentaires eux-mêmes, que seule l’API officielle du réseau pour les comptes professionnels fournit. Elle n’est pas encore connectée.',
    de: 'Die Stimmung der Kommentare braucht die Kommentare selbst, und die liefert nur die offizielle API des Netzwerks für professionelle Konten. Sie ist noch nicht verbunden.',
    it: 'Il sentiment dei commenti richiede i commenti stessi, che fornisce solo l’API ufficiale della rete per account professionali. Non è ancora collegata.',
    'pt-BR':
      'O sentimento dos comentários precisa dos próprios comentários, que só a API oficial da rede para contas profissionais fornece. Ela ainda não está conectada.',
  },
  insightNeedsSource: {
    en: 'Insights are written only from figures with a real source: import your data download first.',
    es: 'Los insights solo se escriben con cifras de una fuente real: primero importa tu descarga de datos.',
    fr: 'Les insights ne s’écrivent qu’à partir de chiffres d’une source réelle : importez d’abord votre téléchargement de données.',
    de: 'Insights entstehen nur aus Zahlen mit einer echten Quelle: Importiere zuerst deinen Daten-Download.',
    it: 'Gli insight si scrivono solo con dati da una fonte reale: importa prima il download dei tuoi dati.',
    'pt-BR': 'Os insights só são escritos com números de uma fonte real: importe primeiro o download dos seus dados.',
  },
} satisfies Record<string, Catalog>;
