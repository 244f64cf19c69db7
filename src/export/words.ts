// The words inside exported files, in the six languages (spec §1). The files are written in the worker,
// which has no Lingui catalog, so they live here as data; the compiler refuses a missing language or word.

import type { ListName } from '../../common/lists.ts';
import type { Locale } from '../../common/locales.ts';
import type { PostGroupName } from '../../common/schema/lists.ts';
import type { PostMetrics } from '../../common/schema/posts.ts';
import type { SourceKind } from '../../common/schema/provenance.ts';

export interface ExportWords {
  /** Columns of a follower list. */
  list: { username: string; fullName: string };
  /** Columns every file ends with: where the row's figures came from and when they were true. */
  source: string;
  date: string;
  sources: Record<SourceKind, string>;
  /** A figure no source of the account gives: which would ("Not available yet: official API"). */
  notAvailable: (sources: string) => string;
  lists: Record<ListName, string>;
  /** Post and reel analytics: columns, the two kinds, the sections and the metrics. */
  posts: {
    kind: string;
    section: string;
    item: string;
    value: string;
    link: string;
    postKind: string;
    reelKind: string;
    metrics: string;
    groups: Record<PostGroupName, string>;
    metricNames: Record<keyof PostMetrics, string>;
  };
  sentiment: {
    post: string;
    comments: string;
    averageWords: string;
    score: string;
    joy: string;
    sadness: string;
    anger: string;
    surprise: string;
    trust: string;
    positive: string;
    negative: string;
    neutral: string;
    sarcasm: string;
    languages: string;
    mostPositive: string;
    mostNegative: string;
    keywords: string;
  };
  history: { followers: string; following: string; gained: string; lost: string; visits: string };
  insight: { summary: string; actions: string };
  payments: { amount: string; currency: string; plan: string; status: string };
  /** The last row of a file made offline: what it holds, from this device. */
  offlineNote: (rows: number, total: number | undefined) => string;
  /** NOTE.txt of an archive made offline. */
  offlineArchive: string;
  /** The last row of a list the server stopped sending before its end. */
  incompleteNote: (rows: number, total: number) => string;
}

const en: ExportWords = {
  list: { username: 'Username', fullName: 'Full name' },
  source: 'Source',
  date: 'Date',
  sources: { sample: 'Sample network (demo)', download: 'Your data download', official: 'Official API' },
  notAvailable: (sources) => `Not available yet: ${sources}`,
  lists: {
    newFollowers: 'New followers',
    followersLost: 'Lost followers',
    notFollowsBack: 'Not following you back',
    doNotFollowsBack: 'You don’t follow back',
    profileViews: 'Profile viewers',
    mutualFollowers: 'Mutual followers',
    pendingFollowRequests: 'Requests you sent, not accepted yet',
    recentlyUnfollowedProfiles: 'Accounts you unfollowed recently',
  },
  posts: {
    kind: 'Kind',
    section: 'Section',
    item: 'Item',
    value: 'Value',
    link: 'Link',
    postKind: 'Posts',
    reelKind: 'Reels',
    metrics: 'Metrics',
    groups: { mostLiked: 'Most liked', mostCommented: 'Most commented', mostEngaged: 'Most engaged' },
    metricNames: {
      post_count: 'Posts',
      post_videos_count: 'Videos',
      post_images_count: 'Photos',
      most_post_views: 'Most views',
      avg_post_views: 'Average views',
      most_post_likes: 'Most likes',
      avg_post_likes: 'Average likes',
      most_post_comments: 'Most comments',
      avg_post_comments: 'Average comments',
      last_post_days: 'Days since the last post',
      post_frequency: 'Posts per week',
      daily_engagement: 'Daily engagement (last 30 days)',
      overall_avg_engagement: 'Average engagement rate (%)',
      videos_avg_engagement: 'Video engagement rate (%)',
      images_avg_engagement: 'Photo engagement rate (%)',
    },
  },
  sentiment: {
    post: 'Post',
    comments: 'Comments read',
    averageWords: 'Average words per comment',
    score: 'Sentiment score (0 to 100)',
    joy: 'Joy (%)',
    sadness: 'Sadness (%)',
    anger: 'Anger (%)',
    surprise: 'Surprise (%)',
    trust: 'Trust (%)',
    positive: 'Positive (%)',
    negative: 'Negative (%)',
    neutral: 'Neutral (%)',
    sarcasm: 'Sarcasm (%)',
    languages: 'Languages',
    mostPositive: 'Most positive comment',
    mostNegative: 'Most negative comment',
    keywords: 'Keywords',
  },
  history: { followers: 'Followers', following: 'Following', gained: 'Gained', lost: 'Lost', visits: 'Profile visits' },
  insight: { summary: 'Summary', actions: 'Actionable insights' },
  payments: { amount: 'Amount', currency: 'Currency', plan: 'Plan', status: 'Status' },
  offlineNote: (rows, total) =>
    `Exported offline from what this device had saved: ${rows} rows${total === undefined ? '' : ` of ${total}`}.`,
  offlineArchive:
    'Exported offline from what this device had saved. What only the server holds (account.json, snapshots and payments) is missing: export again when online to have it.',
  incompleteNote: (rows, total) => `Incomplete: the connection ended after ${rows} of ${total} rows.`,
};

const es: ExportWords = {
  list: { username: 'Usuario', fullName: 'Nombre completo' },
  source: 'Fuente',
  date: 'Fecha',
  sources: {
    sample: 'Red de ejemplo (demostración)',
    download: 'Tu descarga de datos',
    official: 'API oficial',
  },
  notAvailable: (sources) => `Aún no disponible: ${sources}`,
  lists: {
    newFollowers: 'Nuevos seguidores',
    followersLost: 'Seguidores perdidos',
    notFollowsBack: 'No te siguen de vuelta',
    doNotFollowsBack: 'No sigues de vuelta',
    profileViews: 'Visitantes del perfil',
    mutualFollowers: 'Seguidores mutuos',
    pendingFollowRequests: 'Solicitudes que enviaste, aún sin aceptar',
    recentlyUnfollowedProfiles: 'Cuentas que dejaste de seguir hace poco',
  },
  posts: {
    kind: 'Tipo',
    section: 'Sección',
    item: 'Elemento',
    value: 'Valor',
    link: 'Enlace',
    postKind: 'Publicaciones',
    reelKind: 'Reels',
    metrics: 'Métricas',
    groups: { mostLiked: 'Más gustados', mostCommented: 'Más comentados', mostEngaged: 'Más interacción' },
    metricNames: {
      post_count: 'Publicaciones',
      post_videos_count: 'Vídeos',
      post_images_count: 'Fotos',
      most_post_views: 'Más reproducciones',
      avg_post_views: 'Reproducciones promedio',
      most_post_likes: 'Más me gusta',
      avg_post_likes: 'Me gusta promedio',
      most_post_comments: 'Más comentarios',
      avg_post_comments: 'Comentarios promedio',
      last_post_days: 'Días desde la última publicación',
      post_frequency: 'Publicaciones por semana',
      daily_engagement: 'Interacción diaria (últimos 30 días)',
      overall_avg_engagement: 'Tasa de interacción promedio (%)',
      videos_avg_engagement: 'Tasa de interacción de vídeos (%)',
      images_avg_engagement: 'Tasa de interacción de fotos (%)',
    },
  },
  sentiment: {
    post: 'Publicación',
    comments: 'Comentarios leídos',
    averageWords: 'Palabras promedio por comentario',
    score: 'Puntuación de sentimiento (0 a 100)',
    joy: 'Alegría (%)',
    sadness: 'Tristeza (%)',
    anger: 'Enfado (%)',
    surprise: 'Sorpresa (%)',
    trust: 'Confianza (%)',
    positive: 'Positivos (%)',
    negative: 'Negativos (%)',
    neutral: 'Neutros (%)',
    sarcasm: 'Sarcasmo (%)',
    languages: 'Idiomas',
    mostPositive: 'Comentario más positivo',
    mostNegative: 'Comentario más negativo',
    keywords: 'Palabras clave',
  },
  history: {
    followers: 'Seguidores',
    following: 'Seguidos',
    gained: 'Ganados',
    lost: 'Perdidos',
    visits: 'Visitas al perfil',
  },
  insight: { summary: 'Resumen', actions: 'Recomendaciones prácticas' },
  payments: { amount: 'Importe', currency: 'Moneda', plan: 'Plan', status: 'Estado' },
  offlineNote: (rows, total) =>
    `Exportado sin conexión con lo que este dispositivo tenía guardado: ${rows} filas${total === undefined ? '' : ` de ${total}`}.`,
  offlineArchive:
    'Exportado sin conexión con lo que este dispositivo tenía guardado. Falta lo que solo guarda el servidor (account.json, instantáneas y pagos): vuelve a exportar con conexión para tenerlo.',
  incompleteNote: (rows, total) => `Incompleto: la conexión se cortó tras ${rows} de ${total} filas.`,
};

const fr: ExportWords = {
  list: { username: 'Nom d’utilisateur', fullName: 'Nom complet' },
  source: 'Source',
  date: 'Date',
  sources: {
    sample: 'Réseau d’exemple (démo)',
    download: 'Votre téléchargement de données',
    official: 'API officielle',
  },
  notAvailable: (sources) => `Pas encore disponible : ${sources}`,
  lists: {
    newFollowers: 'Nouveaux abonnés',
    followersLost: 'Abonnés perdus',
    notFollowsBack: 'Ne vous suivent pas en retour',
    doNotFollowsBack: 'Vous ne suivez pas en retour',
    profileViews: 'Visiteurs du profil',
    mutualFollowers: 'Abonnés mutuels',
    pendingFollowRequests: 'Demandes envoyées, pas encore acceptées',
    recentlyUnfollowedProfiles: 'Comptes que vous avez cessé de suivre récemment',
  },
  posts: {
    kind: 'Type',
    section: 'Section',
    item: 'Élément',
    value: 'Valeur',
    link: 'Lien',
    postKind: 'Publications',
    reelKind: 'Reels',
    metrics: 'Statistiques',
    groups: {
      mostLiked: 'Les plus aimées',
      mostCommented: 'Les plus commentées',
      mostEngaged: 'Le plus d’interactions',
    },
    metricNames: {
      post_count: 'Publications',
      post_videos_count: 'Vidéos',
      post_images_count: 'Photos',
      most_post_views: 'Vues maximales',
      avg_post_views: 'Vues moyennes',
      most_post_likes: 'J’aime maximum',
      avg_post_likes: 'J’aime en moyenne',
      most_post_comments: 'Commentaires maximum',
      avg_post_comments: 'Commentaires en moyenne',
      last_post_days: 'Jours depuis la dernière publication',
      post_frequency: 'Publications par semaine',
      daily_engagement: 'Interactions par jour (30 derniers jours)',
      overall_avg_engagement: 'Taux d’interaction moyen (%)',
      videos_avg_engagement: 'Taux d’interaction des vidéos (%)',
      images_avg_engagement: 'Taux d’interaction des photos (%)',
    },
  },
  sentiment: {
    post: 'Publication',
    comments: 'Commentaires lus',
    averageWords: 'Mots par commentaire en moyenne',
    score: 'Score de sentiment (0 à 100)',
    joy: 'Joie (%)',
    sadness: 'Tristesse (%)',
    anger: 'Colère (%)',
    surprise: 'Surprise (%)',
    trust: 'Confiance (%)',
    positive: 'Positifs (%)',
    negative: 'Négatifs (%)',
    neutral: 'Neutres (%)',
    sarcasm: 'Sarcasme (%)',
    languages: 'Langues',
    mostPositive: 'Commentaire le plus positif',
    mostNegative: 'Commentaire le plus négatif',
    keywords: 'Mots-clés',
  },
  history: {
    followers: 'Abonnés',
    following: 'Abonnements',
    gained: 'Gagnés',
    lost: 'Perdus',
    visits: 'Visites du profil',
  },
  insight: { summary: 'Résumé', actions: 'Conseils concrets' },
  payments: { amount: 'Montant', currency: 'Devise', plan: 'Formule', status: 'Statut' },
  offlineNote: (rows, total) =>
    `Exporté hors ligne à partir de ce que cet appareil avait enregistré : ${rows} lignes${total === undefined ? '' : ` sur ${total}`}.`,
  offlineArchive:
    'Exporté hors ligne à partir de ce que cet appareil avait enregistré. Ce que seul le serveur conserve (account.json, instantanés et paiements) manque : exportez à nouveau en ligne pour l’avoir.',
  incompleteNote: (rows, total) => `Incomplet : la connexion s’est interrompue après ${rows} lignes sur ${total}.`,
};

const de: ExportWords = {
  list: { username: 'Benutzername', fullName: 'Vollständiger Name' },
  source: 'Quelle',
  date: 'Datum',
  sources: {
    sample: 'Beispielnetzwerk (Demo)',
    download: 'Dein Daten-Download',
    official: 'Offizielle API',
  },
  notAvailable: (sources) => `Noch nicht verfügbar: ${sources}`,
  lists: {
    newFollowers: 'Neue Follower',
    followersLost: 'Verlorene Follower',
    notFollowsBack: 'Folgen dir nicht zurück',
    doNotFollowsBack: 'Du folgst nicht zurück',
    profileViews: 'Profilbesucher',
    mutualFollowers: 'Gegenseitige Follower',
    pendingFollowRequests: 'Gesendete Anfragen, noch nicht angenommen',
    recentlyUnfollowedProfiles: 'Accounts, denen du kürzlich nicht mehr folgst',
  },
  posts: {
    kind: 'Art',
    section: 'Bereich',
    item: 'Eintrag',
    value: 'Wert',
    link: 'Link',
    postKind: 'Beiträge',
    reelKind: 'Reels',
    metrics: 'Kennzahlen',
    groups: { mostLiked: 'Meiste Likes', mostCommented: 'Meiste Kommentare', mostEngaged: 'Meiste Interaktionen' },
    metricNames: {
      post_count: 'Beiträge',
      post_videos_count: 'Videos',
      post_images_count: 'Fotos',
      most_post_views: 'Meiste Aufrufe',
      avg_post_views: 'Durchschnittliche Aufrufe',
      most_post_likes: 'Meiste Likes',
      avg_post_likes: 'Durchschnittliche Likes',
      most_post_comments: 'Meiste Kommentare',
      avg_post_comments: 'Durchschnittliche Kommentare',
      last_post_days: 'Tage seit dem letzten Beitrag',
      post_frequency: 'Beiträge pro Woche',
      daily_engagement: 'Interaktionen pro Tag (letzte 30 Tage)',
      overall_avg_engagement: 'Durchschnittliche Interaktionsrate (%)',
      videos_avg_engagement: 'Interaktionsrate der Videos (%)',
      images_avg_engagement: 'Interaktionsrate der Fotos (%)',
    },
  },
  sentiment: {
    post: 'Beitrag',
    comments: 'Gelesene Kommentare',
    averageWords: 'Wörter pro Kommentar im Schnitt',
    score: 'Stimmungswert (0 bis 100)',
    joy: 'Freude (%)',
    sadness: 'Traurigkeit (%)',
    anger: 'Ärger (%)',
    surprise: 'Überraschung (%)',
    trust: 'Vertrauen (%)',
    positive: 'Positiv (%)',
    negative: 'Negativ (%)',
    neutral: 'Neutral (%)',
    sarcasm: 'Sarkasmus (%)',
    languages: 'Sprachen',
    mostPositive: 'Positivster Kommentar',
    mostNegative: 'Negativster Kommentar',
    keywords: 'Schlüsselwörter',
  },
  history: {
    followers: 'Follower',
    following: 'Gefolgt',
    gained: 'Dazugewonnen',
    lost: 'Verloren',
    visits: 'Profilbesuche',
  },
  insight: { summary: 'Zusammenfassung', actions: 'Konkrete Empfehlungen' },
  payments: { amount: 'Betrag', currency: 'Währung', plan: 'Tarif', status: 'Status' },
  offlineNote: (rows, total) =>
    `Offline exportiert aus dem, was dieses Gerät gespeichert hatte: ${rows} Zeilen${total === undefined ? '' : ` von ${total}`}.`,
  offlineArchive:
    'Offline exportiert aus dem, was dieses Gerät gespeichert hatte. Was nur der Server hat (account.json, Momentaufnahmen und Zahlungen), fehlt: Exportiere erneut mit Verbindung, um es zu bekommen.',
  incompleteNote: (rows, total) => `Unvollständig: Die Verbindung brach nach ${rows} von ${total} Zeilen ab.`,
};

const it: ExportWords = {
  list: { username: 'Nome utente', fullName: 'Nome completo' },
  source: 'Fonte',
  date: 'Data',
  sources: {
    sample: 'Rete di esempio (demo)',
    download: 'Il download dei tuoi dati',
    official: 'API ufficiale',
  },
  notAvailable: (sources) => `Non ancora disponibile: ${sources}`,
  lists: {
    newFollowers: 'Nuovi follower',
    followersLost: 'Follower persi',
    notFollowsBack: 'Non ti seguono a loro volta',
    doNotFollowsBack: 'Non segui a tua volta',
    profileViews: 'Visitatori del profilo',
    mutualFollowers: 'Follower reciproci',
    pendingFollowRequests: 'Richieste inviate, non ancora accettate',
    recentlyUnfollowedProfiles: 'Account che hai smesso di seguire di recente',
  },
  posts: {
    kind: 'Tipo',
    section: 'Sezione',
    item: 'Voce',
    value: 'Valore',
    link: 'Link',
    postKind: 'Post',
    reelKind: 'Reel',
    metrics: 'Metriche',
    groups: { mostLiked: 'Più piaciuti', mostCommented: 'Più commentati', mostEngaged: 'Più interazioni' },
    metricNames: {
      post_count: 'Post',
      post_videos_count: 'Video',
      post_images_count: 'Foto',
      most_post_views: 'Più visualizzazioni',
      avg_post_views: 'Visualizzazioni medie',
      most_post_likes: 'Più Mi piace',
      avg_post_likes: 'Mi piace medi',
      most_post_comments: 'Più commenti',
      avg_post_comments: 'Commenti medi',
      last_post_days: 'Giorni dall’ultimo post',
      post_frequency: 'Post a settimana',
      daily_engagement: 'Interazioni al giorno (ultimi 30 giorni)',
      overall_avg_engagement: 'Tasso di interazione medio (%)',
      videos_avg_engagement: 'Tasso di interazione dei video (%)',
      images_avg_engagement: 'Tasso di interazione delle foto (%)',
    },
  },
  sentiment: {
    post: 'Post',
    comments: 'Commenti letti',
    averageWords: 'Parole medie per commento',
    score: 'Punteggio di sentiment (da 0 a 100)',
    joy: 'Gioia (%)',
    sadness: 'Tristezza (%)',
    anger: 'Rabbia (%)',
    surprise: 'Sorpresa (%)',
    trust: 'Fiducia (%)',
    positive: 'Positivi (%)',
    negative: 'Negativi (%)',
    neutral: 'Neutri (%)',
    sarcasm: 'Sarcasmo (%)',
    languages: 'Lingue',
    mostPositive: 'Commento più positivo',
    mostNegative: 'Commento più negativo',
    keywords: 'Parole chiave',
  },
  history: {
    followers: 'Follower',
    following: 'Seguiti',
    gained: 'Acquisiti',
    lost: 'Persi',
    visits: 'Visite al profilo',
  },
  insight: { summary: 'Riepilogo', actions: 'Suggerimenti pratici' },
  payments: { amount: 'Importo', currency: 'Valuta', plan: 'Piano', status: 'Stato' },
  offlineNote: (rows, total) =>
    `Esportato offline da ciò che questo dispositivo aveva salvato: ${rows} righe${total === undefined ? '' : ` su ${total}`}.`,
  offlineArchive:
    'Esportato offline da ciò che questo dispositivo aveva salvato. Manca ciò che conserva solo il server (account.json, istantanee e pagamenti): esporta di nuovo online per averlo.',
  incompleteNote: (rows, total) => `Incompleto: la connessione si è interrotta dopo ${rows} righe su ${total}.`,
};

const ptBR: ExportWords = {
  list: { username: 'Nome de usuário', fullName: 'Nome completo' },
  source: 'Fonte',
  date: 'Data',
  sources: {
    sample: 'Rede de exemplo (demonstração)',
    download: 'Seu download de dados',
    official: 'API oficial',
  },
  notAvailable: (sources) => `Ainda não disponível: ${sources}`,
  lists: {
    newFollowers: 'Novos seguidores',
    followersLost: 'Seguidores perdidos',
    notFollowsBack: 'Não seguem você de volta',
    doNotFollowsBack: 'Você não segue de volta',
    profileViews: 'Visitantes do perfil',
    mutualFollowers: 'Seguidores mútuos',
    pendingFollowRequests: 'Solicitações que você enviou, ainda não aceitas',
    recentlyUnfollowedProfiles: 'Contas que você deixou de seguir recentemente',
  },
  posts: {
    kind: 'Tipo',
    section: 'Seção',
    item: 'Item',
    value: 'Valor',
    link: 'Link',
    postKind: 'Publicações',
    reelKind: 'Reels',
    metrics: 'Métricas',
    groups: { mostLiked: 'Mais curtidas', mostCommented: 'Mais comentadas', mostEngaged: 'Mais engajamento' },
    metricNames: {
      post_count: 'Publicações',
      post_videos_count: 'Vídeos',
      post_images_count: 'Fotos',
      most_post_views: 'Mais visualizações',
      avg_post_views: 'Média de visualizações',
      most_post_likes: 'Mais curtidas',
      avg_post_likes: 'Média de curtidas',
      most_post_comments: 'Mais comentários',
      avg_post_comments: 'Média de comentários',
      last_post_days: 'Dias desde a última publicação',
      post_frequency: 'Publicações por semana',
      daily_engagement: 'Engajamento diário (últimos 30 dias)',
      overall_avg_engagement: 'Taxa média de engajamento (%)',
      videos_avg_engagement: 'Taxa de engajamento dos vídeos (%)',
      images_avg_engagement: 'Taxa de engajamento das fotos (%)',
    },
  },
  sentiment: {
    post: 'Publicação',
    comments: 'Comentários lidos',
    averageWords: 'Média de palavras por comentário',
    score: 'Pontuação de sentimento (0 a 100)',
    joy: 'Alegria (%)',
    sadness: 'Tristeza (%)',
    anger: 'Raiva (%)',
    surprise: 'Surpresa (%)',
    trust: 'Confiança (%)',
    positive: 'Positivos (%)',
    negative: 'Negativos (%)',
    neutral: 'Neutros (%)',
    sarcasm: 'Sarcasmo (%)',
    languages: 'Idiomas',
    mostPositive: 'Comentário mais positivo',
    mostNegative: 'Comentário mais negativo',
    keywords: 'Palavras-chave',
  },
  history: {
    followers: 'Seguidores',
    following: 'Seguindo',
    gained: 'Ganhos',
    lost: 'Perdidos',
    visits: 'Visitas ao perfil',
  },
  insight: { summary: 'Resumo', actions: 'Recomendações práticas' },
  payments: { amount: 'Valor', currency: 'Moeda', plan: 'Plano', status: 'Status' },
  offlineNote: (rows, total) =>
    `Exportado offline a partir do que este dispositivo tinha salvo: ${rows} linhas${total === undefined ? '' : ` de ${total}`}.`,
  offlineArchive:
    'Exportado offline a partir do que este dispositivo tinha salvo. Falta o que só o servidor guarda (account.json, instantâneos e pagamentos): exporte de novo com conexão para tê-lo.',
  incompleteNote: (rows, total) => `Incompleto: a conexão caiu depois de ${rows} de ${total} linhas.`,
};

export const exportWords: Record<Locale, ExportWords> = { en, es, fr, de, it, 'pt-BR': ptBR };

/** The words for a language tag, English for any other (spec §1: English is the fallback). */
export function wordsFor(locale: string): ExportWords {
  return exportWords[locale as Locale] ?? en;
}

/** What a source is called in a file: "Sample network (demo)", "Official API", … */
export function sourceName(words: ExportWords, source: SourceKind | undefined): string {
  return source ? words.sources[source] : '';
}
