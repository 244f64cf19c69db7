// The rule writer's sentences, in every language the app speaks. `{name}` takes a value; numbers
// arrive already formatted for the language.
import type { Catalog } from '../i18n/messages.ts';

export const phrases = {
  weekFollows: {
    en: 'In the last 7 days {new} accounts followed you and {lost} unfollowed you.',
    es: 'En los últimos 7 días te siguieron {new} cuentas y {lost} dejaron de seguirte.',
    fr: 'Ces 7 derniers jours, {new} comptes se sont abonnés à vous et {lost} se sont désabonnés.',
    de: 'In den letzten 7 Tagen sind dir {new} Konten gefolgt und {lost} haben dir entfolgt.',
    it: 'Negli ultimi 7 giorni {new} account hanno iniziato a seguirti e {lost} hanno smesso.',
    'pt-BR': 'Nos últimos 7 dias, {new} contas começaram a seguir você e {lost} deixaram de seguir.',
  },
  audienceTotals: {
    en: 'You have {followers} followers and follow {following} accounts.',
    es: 'Tienes {followers} seguidores y sigues a {following} cuentas.',
    fr: 'Vous avez {followers} abonnés et suivez {following} comptes.',
    de: 'Du hast {followers} Follower und folgst {following} Konten.',
    it: 'Hai {followers} follower e segui {following} account.',
    'pt-BR': 'Você tem {followers} seguidores e segue {following} contas.',
  },
  visits: {
    en: 'Your profile was visited {views} times in the last 7 days.',
    es: 'Tu perfil recibió {views} visitas en los últimos 7 días.',
    fr: 'Votre profil a été consulté {views} fois ces 7 derniers jours.',
    de: 'Dein Profil wurde in den letzten 7 Tagen {views}-mal besucht.',
    it: 'Il tuo profilo è stato visitato {views} volte negli ultimi 7 giorni.',
    'pt-BR': 'Seu perfil recebeu {views} visitas nos últimos 7 dias.',
  },
  netGain: {
    en: 'Since your previous analysis you gained {new} followers and lost {lost}: a net gain of {net}.',
    es: 'Desde tu análisis anterior ganaste {new} seguidores y perdiste {lost}: un aumento neto de {net}.',
    fr: 'Depuis votre analyse précédente, vous avez gagné {new} abonnés et en avez perdu {lost} : un gain net de {net}.',
    de: 'Seit deiner vorherigen Analyse hast du {new} Follower dazugewonnen und {lost} verloren: unterm Strich ein Plus von {net}.',
    it: 'Dalla tua analisi precedente hai guadagnato {new} follower e ne hai persi {lost}: un guadagno netto di {net}.',
    'pt-BR': 'Desde a sua análise anterior, você ganhou {new} seguidores e perdeu {lost}: um ganho líquido de {net}.',
  },
  netLoss: {
    en: 'Since your previous analysis you gained {new} followers and lost {lost}: a net loss of {net}.',
    es: 'Desde tu análisis anterior ganaste {new} seguidores y perdiste {lost}: una pérdida neta de {net}.',
    fr: 'Depuis votre analyse précédente, vous avez gagné {new} abonnés et en avez perdu {lost} : une perte nette de {net}.',
    de: 'Seit deiner vorherigen Analyse hast du {new} Follower dazugewonnen und {lost} verloren: unterm Strich ein Minus von {net}.',
    it: 'Dalla tua analisi precedente hai guadagnato {new} follower e ne hai persi {lost}: una perdita netta di {net}.',
    'pt-BR': 'Desde a sua análise anterior, você ganhou {new} seguidores e perdeu {lost}: uma perda líquida de {net}.',
  },
  netEven: {
    en: 'Since your previous analysis you gained {new} followers and lost {lost}, so your audience held steady.',
    es: 'Desde tu análisis anterior ganaste {new} seguidores y perdiste {lost}, así que tu audiencia se mantuvo estable.',
    fr: 'Depuis votre analyse précédente, vous avez gagné {new} abonnés et en avez perdu {lost}, votre audience est donc restée stable.',
    de: 'Seit deiner vorherigen Analyse hast du {new} Follower dazugewonnen und {lost} verloren, deine Followerzahl ist also gleich geblieben.',
    it: 'Dalla tua analisi precedente hai guadagnato {new} follower e ne hai persi {lost}, quindi il tuo pubblico è rimasto stabile.',
    'pt-BR':
      'Desde a sua análise anterior, você ganhou {new} seguidores e perdeu {lost}, então seu público se manteve estável.',
  },
  audience: {
    en: 'You have {followers} followers and follow {following} accounts; {mutual} of them follow each other with you.',
    es: 'Tienes {followers} seguidores y sigues a {following} cuentas; {mutual} de ellas también te siguen.',
    fr: 'Vous avez {followers} abonnés et suivez {following} comptes ; {mutual} d’entre eux vous suivent aussi.',
    de: 'Du hast {followers} Follower und folgst {following} Accounts; {mutual} davon folgen dir ebenfalls.',
    it: 'Hai {followers} follower e segui {following} account; {mutual} di questi ti seguono a loro volta.',
    'pt-BR': 'Você tem {followers} seguidores e segue {following} contas; {mutual} delas também seguem você.',
  },
  notBackShare: {
    en: '{notBack} of the accounts you follow ({percent}%) do not follow you back.',
    es: '{notBack} de las cuentas que sigues ({percent}%) no te siguen de vuelta.',
    fr: '{notBack} des comptes que vous suivez ({percent} %) ne vous suivent pas en retour.',
    de: '{notBack} der Accounts, denen du folgst ({percent} %), folgen dir nicht zurück.',
    it: '{notBack} degli account che segui ({percent}%) non ricambiano il follow.',
    'pt-BR': '{notBack} das contas que você segue ({percent}%) não seguem você de volta.',
  },
  viewers: {
    en: '{views} people looked at your profile.',
    es: '{views} personas visitaron tu perfil.',
    fr: '{views} personnes ont consulté votre profil.',
    de: '{views} Personen haben sich dein Profil angesehen.',
    it: '{views} persone hanno visitato il tuo profilo.',
    'pt-BR': '{views} pessoas visitaram seu perfil.',
  },
  historyUp: {
    en: 'Since your first analysis on {date}, your followers grew from {first} to {followers} ({change}).',
    es: 'Desde tu primer análisis, el {date}, tus seguidores aumentaron de {first} a {followers} ({change}).',
    fr: 'Depuis votre première analyse, le {date}, votre nombre d’abonnés a augmenté de {first} à {followers} ({change}).',
    de: 'Seit deiner ersten Analyse am {date} ist deine Followerzahl von {first} auf {followers} gestiegen ({change}).',
    it: 'Dalla tua prima analisi, il {date}, i tuoi follower sono cresciuti da {first} a {followers} ({change}).',
    'pt-BR':
      'Desde a sua primeira análise, em {date}, seus seguidores cresceram de {first} para {followers} ({change}).',
  },
  historyDown: {
    en: 'Since your first analysis on {date}, your followers went from {first} to {followers} ({change}).',
    es: 'Desde tu primer análisis, el {date}, tus seguidores pasaron de {first} a {followers} ({change}).',
    fr: 'Depuis votre première analyse, le {date}, votre nombre d’abonnés est passé de {first} à {followers} ({change}).',
    de: 'Seit deiner ersten Analyse am {date} ist deine Followerzahl von {first} auf {followers} zurückgegangen ({change}).',
    it: 'Dalla tua prima analisi, il {date}, i tuoi follower sono passati da {first} a {followers} ({change}).',
    'pt-BR':
      'Desde a sua primeira análise, em {date}, seus seguidores passaram de {first} para {followers} ({change}).',
  },
  postingRhythm: {
    en: 'You post about {frequency} times a week, and your last post was {days} days ago.',
    es: 'Publicas unas {frequency} veces por semana y tu última publicación fue hace {days} días.',
    fr: 'Vous publiez environ {frequency} fois par semaine, et votre dernière publication remonte à {days} jours.',
    de: 'Du postest etwa {frequency}-mal pro Woche, und dein letzter Beitrag ist {days} Tage her.',
    it: 'Pubblichi circa {frequency} volte a settimana e il tuo ultimo post risale a {days} giorni fa.',
    'pt-BR': 'Você publica cerca de {frequency} vezes por semana, e sua última publicação foi há {days} dias.',
  },
  reelsLead: {
    en: 'Your reels earn {ratio}× the engagement of your other posts.',
    es: 'Tus reels consiguen {ratio}× la interacción de tus demás publicaciones.',
    fr: 'Vos reels génèrent {ratio}× plus d’engagement que vos autres publications.',
    de: 'Deine Reels erzielen {ratio}× so viel Engagement wie deine anderen Beiträge.',
    it: 'I tuoi reel ottengono {ratio}× le interazioni degli altri tuoi post.',
    'pt-BR': 'Seus reels têm {ratio}× o engajamento das suas outras publicações.',
  },
  postsLead: {
    en: 'Your photos and carousels earn {ratio}× the engagement of your reels.',
    es: 'Tus fotos y carruseles consiguen {ratio}× la interacción de tus reels.',
    fr: 'Vos photos et carrousels génèrent {ratio}× plus d’engagement que vos reels.',
    de: 'Deine Fotos und Karussells erzielen {ratio}× so viel Engagement wie deine Reels.',
    it: 'Le tue foto e i tuoi caroselli ottengono {ratio}× le interazioni dei tuoi reel.',
    'pt-BR': 'Suas fotos e carrosséis têm {ratio}× o engajamento dos seus reels.',
  },
  actLosingMore: {
    en: 'You lost more followers than you gained: look at what you posted just before the last analysis and compare it with your most engaged posts.',
    es: 'Perdiste más seguidores de los que ganaste: revisa lo que publicaste justo antes del último análisis y compáralo con tus publicaciones con más interacción.',
    fr: 'Vous avez perdu plus d’abonnés que vous n’en avez gagné : regardez ce que vous avez publié juste avant la dernière analyse et comparez-le avec vos publications qui ont suscité le plus d’engagement.',
    de: 'Du hast mehr Follower verloren als gewonnen: Sieh dir an, was du kurz vor der letzten Analyse gepostet hast, und vergleiche es mit deinen Beiträgen mit dem meisten Engagement.',
    it: 'Hai perso più follower di quanti ne hai guadagnati: guarda cosa hai pubblicato poco prima dell’ultima analisi e confrontalo con i tuoi post con più interazioni.',
    'pt-BR':
      'Você perdeu mais seguidores do que ganhou: veja o que você publicou logo antes da última análise e compare com suas publicações de maior engajamento.',
  },
  actPruneFollowing: {
    en: 'Review the {notBack} accounts that do not follow you back; unfollowing inactive ones keeps your feed and your ratio healthy.',
    es: 'Revisa las {notBack} cuentas que no te siguen de vuelta; dejar de seguir a las inactivas mantiene sanos tu feed y tu proporción entre seguidores y seguidos.',
    fr: 'Passez en revue les {notBack} comptes qui ne vous suivent pas en retour ; ne plus suivre ceux qui sont inactifs garde votre fil et votre ratio en bonne santé.',
    de: 'Prüfe die {notBack} Accounts, die dir nicht zurückfolgen; inaktiven Accounts zu entfolgen hält deinen Feed und dein Follower-Verhältnis gesund.',
    it: 'Controlla i {notBack} account che non ricambiano il follow; smettere di seguire quelli inattivi mantiene sani il tuo feed e il tuo rapporto tra follower e seguiti.',
    'pt-BR':
      'Revise as {notBack} contas que não seguem você de volta; deixar de seguir as inativas mantém saudáveis o seu feed e a sua proporção entre seguidores e seguidos.',
  },
  actFollowBack: {
    en: '{count} people follow you whom you do not follow back; replying to their comments is the cheapest way to keep them.',
    es: '{count} personas te siguen y tú no las sigues de vuelta; responder a sus comentarios es la forma más sencilla de conservarlas.',
    fr: '{count} personnes vous suivent sans que vous les suiviez en retour ; répondre à leurs commentaires est le moyen le plus simple de les garder.',
    de: '{count} Personen folgen dir, denen du nicht zurückfolgst; auf ihre Kommentare zu antworten ist der einfachste Weg, sie zu halten.',
    it: '{count} persone ti seguono ma tu non le segui; rispondere ai loro commenti è il modo più semplice per non perderle.',
    'pt-BR':
      '{count} pessoas seguem você, mas você não as segue de volta; responder aos comentários delas é o jeito mais simples de mantê-las.',
  },
  actPostAgain: {
    en: 'Your last post was {days} days ago: accounts that post at least weekly keep their reach, so schedule your next post this week.',
    es: 'Tu última publicación fue hace {days} días: las cuentas que publican al menos una vez por semana mantienen su alcance, así que programa tu próxima publicación para esta semana.',
    fr: 'Votre dernière publication remonte à {days} jours : les comptes qui publient au moins une fois par semaine conservent leur portée, alors programmez votre prochaine publication cette semaine.',
    de: 'Dein letzter Beitrag ist {days} Tage her: Accounts, die mindestens einmal pro Woche posten, behalten ihre Reichweite, also plane deinen nächsten Beitrag für diese Woche.',
    it: 'Il tuo ultimo post risale a {days} giorni fa: gli account che pubblicano almeno una volta a settimana mantengono la loro copertura, quindi programma il prossimo post per questa settimana.',
    'pt-BR':
      'Sua última publicação foi há {days} dias: contas que publicam pelo menos uma vez por semana mantêm o alcance, então programe sua próxima publicação para esta semana.',
  },
  actPostMoreOften: {
    en: 'You post less than once a week; two posts a week is a realistic step up that the network rewards with reach.',
    es: 'Publicas menos de una vez por semana; dos publicaciones por semana son un paso realista que la red recompensa con más alcance.',
    fr: 'Vous publiez moins d’une fois par semaine ; passer à deux publications par semaine est un objectif réaliste que le réseau récompense par plus de portée.',
    de: 'Du postest seltener als einmal pro Woche; zwei Beiträge pro Woche sind ein realistischer nächster Schritt, den das Netzwerk mit Reichweite belohnt.',
    it: 'Pubblichi meno di una volta a settimana; due post a settimana sono un passo avanti realistico che il social premia con più copertura.',
    'pt-BR':
      'Você publica menos de uma vez por semana; duas publicações por semana são um passo realista que a rede recompensa com mais alcance.',
  },
  actMoreReels: {
    en: 'Reels work {ratio}× better for you than other posts: turn your next photo idea into a short reel.',
    es: 'Los reels te funcionan {ratio}× mejor que otras publicaciones: convierte tu próxima idea de foto en un reel corto.',
    fr: 'Les reels fonctionnent {ratio}× mieux pour vous que vos autres publications : transformez votre prochaine idée de photo en un reel court.',
    de: 'Reels funktionieren bei dir {ratio}× besser als andere Beiträge: Mach aus deiner nächsten Foto-Idee ein kurzes Reel.',
    it: 'Per te i reel funzionano {ratio}× meglio degli altri post: trasforma la tua prossima idea per una foto in un reel breve.',
    'pt-BR':
      'Os reels funcionam {ratio}× melhor para você do que outras publicações: transforme sua próxima ideia de foto em um reel curto.',
  },
  actMorePosts: {
    en: 'Your audience engages {ratio}× more with photos and carousels than with reels: put your effort there.',
    es: 'Tu audiencia interactúa {ratio}× más con fotos y carruseles que con reels: concentra tu esfuerzo ahí.',
    fr: 'Votre audience interagit {ratio}× plus avec les photos et les carrousels qu’avec les reels : concentrez vos efforts là-dessus.',
    de: 'Dein Publikum interagiert {ratio}× mehr mit Fotos und Karussells als mit Reels: Konzentrier dich darauf.',
    it: 'Il tuo pubblico interagisce {ratio}× di più con foto e caroselli che con i reel: concentra lì i tuoi sforzi.',
    'pt-BR': 'Seu público interage {ratio}× mais com fotos e carrosséis do que com reels: concentre seus esforços aí.',
  },
  actConvertViewers: {
    en: '{views} people viewed your profile but only {new} followed: refresh your bio and pin your best post so visitors stay.',
    es: '{views} personas vieron tu perfil, pero solo {new} te siguieron: actualiza tu biografía y fija tu mejor publicación para que los visitantes se queden.',
    fr: '{views} personnes ont consulté votre profil, mais seulement {new} se sont abonnées : mettez à jour votre bio et épinglez votre meilleure publication pour que les visiteurs restent.',
    de: '{views} Personen haben dein Profil angesehen, aber nur {new} sind dir gefolgt: Aktualisiere deine Bio und pinne deinen besten Beitrag an, damit Besucher bleiben.',
    it: '{views} persone hanno visto il tuo profilo, ma solo {new} ti hanno seguito: aggiorna la bio e fissa in alto il tuo post migliore, così i visitatori restano.',
    'pt-BR':
      '{views} pessoas viram seu perfil, mas só {new} seguiram você: atualize sua bio e fixe sua melhor publicação para que os visitantes fiquem.',
  },
  actKeepGoing: {
    en: 'Your audience is growing: keep the rhythm that got you here and run an analysis after each new post to see what works.',
    es: 'Tu audiencia está creciendo: mantén el ritmo que te trajo hasta aquí y haz un análisis después de cada nueva publicación para ver qué funciona.',
    fr: 'Votre audience grandit : gardez le rythme qui vous a permis d’en arriver là et lancez une analyse après chaque nouvelle publication pour voir ce qui fonctionne.',
    de: 'Dein Publikum wächst: Behalte den Rhythmus bei, der dich so weit gebracht hat, und starte nach jedem neuen Beitrag eine Analyse, um zu sehen, was funktioniert.',
    it: 'Il tuo pubblico sta crescendo: mantieni il ritmo che hai tenuto finora e avvia un’analisi dopo ogni nuovo post per vedere cosa funziona.',
    'pt-BR':
      'Seu público está crescendo: mantenha o ritmo que trouxe você até aqui e faça uma análise depois de cada nova publicação para ver o que funciona.',
  },
  actFirstAnalysis: {
    en: 'Run another analysis in a few days: with two analyses we can show who came and who left, and the trend of your audience.',
    es: 'Haz otro análisis dentro de unos días: con dos análisis podemos mostrarte quién llegó y quién se fue, y la tendencia de tu audiencia.',
    fr: 'Lancez une nouvelle analyse dans quelques jours : avec deux analyses, nous pourrons vous montrer qui est arrivé, qui est parti et l’évolution de votre audience.',
    de: 'Starte in ein paar Tagen eine weitere Analyse: Mit zwei Analysen können wir dir zeigen, wer dazugekommen ist, wer gegangen ist und wie sich dein Publikum entwickelt.',
    it: 'Avvia un’altra analisi tra qualche giorno: con due analisi possiamo mostrarti chi è arrivato, chi se n’è andato e l’andamento del tuo pubblico.',
    'pt-BR':
      'Faça outra análise daqui a alguns dias: com duas análises podemos mostrar quem chegou, quem saiu e a tendência do seu público.',
  },
  privateAccount: {
    en: 'Your account is private, so we can only read what its owner sees; make it public for the full picture.',
    es: 'Tu cuenta es privada, así que solo podemos leer lo que ve su propietario; hazla pública para tener el panorama completo.',
    fr: 'Votre compte est privé, nous ne pouvons donc lire que ce que voit son propriétaire ; rendez-le public pour avoir une vue complète.',
    de: 'Dein Account ist privat, daher können wir nur lesen, was sein Inhaber sieht; stell ihn auf öffentlich, um das vollständige Bild zu bekommen.',
    it: 'Il tuo account è privato, quindi possiamo leggere solo ciò che vede il suo proprietario; rendilo pubblico per avere il quadro completo.',
    'pt-BR':
      'Sua conta é privada, então só conseguimos ler o que o dono dela vê; deixe-a pública para ter o quadro completo.',
  },
  sourceSample: {
    en: 'Written from the sample network’s figures of {date}: a demo, not a real account.',
    es: 'Escrito con las cifras de la red de ejemplo del {date}: una demostración, no una cuenta real.',
    fr: 'Rédigé à partir des chiffres du réseau d’exemple du {date} : une démonstration, pas un vrai compte.',
    de: 'Geschrieben aus den Zahlen des Beispielnetzwerks vom {date}: eine Demo, kein echtes Konto.',
    it: 'Scritto con i dati della rete di esempio del {date}: una demo, non un account reale.',
    'pt-BR': 'Escrito com os números da rede de exemplo de {date}: uma demonstração, não uma conta real.',
  },
  sourceDownload: {
    en: 'Written from your data download of {date}.',
    es: 'Escrito con tu descarga de datos del {date}.',
    fr: 'Rédigé à partir de votre téléchargement de données du {date}.',
    de: 'Geschrieben aus deinem Daten-Download vom {date}.',
    it: 'Scritto con il download dei tuoi dati del {date}.',
    'pt-BR': 'Escrito com o download dos seus dados de {date}.',
  },
  sourceOfficial: {
    en: 'Written from the official API’s figures of {date}.',
    es: 'Escrito con las cifras de la API oficial del {date}.',
    fr: 'Rédigé à partir des chiffres de l’API officielle du {date}.',
    de: 'Geschrieben aus den Zahlen der offiziellen API vom {date}.',
    it: 'Scritto con i dati dell’API ufficiale del {date}.',
    'pt-BR': 'Escrito com os números da API oficial de {date}.',
  },
} satisfies Record<string, Catalog>;

export type Phrase = keyof typeof phrases;
