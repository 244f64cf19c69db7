// Terms of Service and Privacy Policy in the six languages (spec §2 Static text; served by GET cms/pages/{name}/).
import type { CmsContent } from './types.ts';

export const cmsContent: CmsContent = {
  TERMS_OF_SERVICE: {
    en: {
      title: 'Terms of Service',
      updated: '2026-11-26',
      sections: [
        {
          heading: 'About Followscope',
          paragraphs: [
            'Followscope is a subscription web app that you can also install on your phone. It shows you analytics about your own account on the photo network: new and lost followers, who doesn’t follow you back, mutual followers, profile viewers, post and reel analytics, the sentiment of comments and a summary of insights. It also lets you watch stories anonymously and download stories, videos and reels.',
            'By creating an account or using Followscope, you agree to these terms. If you do not agree, please do not use the service.',
          ],
        },
        {
          heading: 'Who can use Followscope, and your account',
          paragraphs: [
            'You must be at least 16 years old to use Followscope.',
            'You sign in with your email address and a 4-digit one-time code that we send to that address. Keep your email secure: anyone who can read your inbox can sign in to your Followscope account. You are responsible for giving us a correct email address and username.',
          ],
        },
        {
          heading: 'Free trial',
          paragraphs: [
            'New subscribers get a free 7-day trial. You can cancel at any time during the trial and you will not be charged.',
            'If you do not cancel before the 7 days are over, your paid subscription starts automatically and the first payment is taken.',
            'The 7 days count from the day your first figures arrive (your first import of the data download, or your first collection from the official API), because the download can take up to 48 hours; they start at the latest 9 days after you pay. The checkout, your receipt and Manage subscription show the dates.',
          ],
        },
        {
          heading: 'Subscription, billing and automatic renewal',
          paragraphs: [
            'Followscope is a paid subscription. You pay by card or Apple Pay through our recurring-billing provider. The price and the billing period are shown before you confirm your purchase.',
            'Your subscription renews automatically at the end of each billing period, at the price in effect at that time, until you cancel it. If a payment fails, we may pause your access until the payment goes through.',
          ],
        },
        {
          heading: 'Cancellation',
          paragraphs: [
            'You can cancel at any time, in one click: “Cancel subscription” on the Manage subscription screen. The cancellation takes effect at the end of the billing period you have paid for, you keep access until then, and we email you a confirmation. No further payments will be taken. Until that date, “Keep my subscription” undoes the cancellation.',
            'You can also cancel by writing to support@followscope.app from the email address of your account. Deleting your account (see the Privacy Policy) ends your subscription at once, without a refund.',
          ],
        },
        {
          heading: 'Refunds',
          paragraphs: [
            'You can ask for a refund within 14 days of a payment by writing to support@followscope.app. We refund the amount to the card or Apple Pay method you used.',
            'After 14 days, payments are not refundable, unless the law says otherwise. Nothing in these terms limits the rights you have under consumer protection law.',
          ],
        },
        {
          heading: 'Acceptable use',
          paragraphs: [
            'Only analyse your own account on the photo network: one that you own or are authorised to manage. Do not use Followscope to monitor, track or harass other people.',
            'Do not scrape, copy or resell Followscope’s data or results, do not try to break, overload or get around our security or limits, and do not use automated tools to access the service. Content you download is for your personal use only and must respect the rights of the people who created it.',
            'We may suspend or close accounts that break these rules.',
          ],
        },
        {
          heading: 'No affiliation with the photo network',
          paragraphs: [
            'Followscope is an independent service. It is not affiliated with, endorsed by or sponsored by the photo network or its owner. All names and trademarks belong to their respective owners.',
            'Changes made by the photo network can affect which data Followscope is able to show, and how quickly.',
          ],
        },
        {
          heading: 'Availability',
          paragraphs: [
            'We work to keep Followscope available and accurate, but we cannot promise an uninterrupted service. It may be unavailable during maintenance, outages or when the photo network changes how it works. Results are estimates and may be incomplete or delayed.',
            'We may change, add or remove features to improve the service.',
          ],
        },
        {
          heading: 'Limitation of liability',
          paragraphs: [
            'Followscope is provided “as is”. As far as the law allows, we are not liable for indirect or consequential losses, lost profits, lost data, or decisions you make based on the analytics.',
            'Our total liability for any claim is limited to the amount you paid us in the 12 months before the claim. This does not limit liability that cannot be limited by law, for example for intent or gross negligence.',
          ],
        },
        {
          heading: 'Changes to these terms and contact',
          paragraphs: [
            'We may update these terms. If the changes are significant, we will tell you by email or in the app before they take effect. If you keep using Followscope after that, you accept the new terms; if you do not agree, you can cancel your subscription.',
            'Questions? Write to support@followscope.app.',
          ],
        },
      ],
    },
    es: {
      title: 'Términos del servicio',
      updated: '2026-11-26',
      sections: [
        {
          heading: 'Qué es Followscope',
          paragraphs: [
            'Followscope es una aplicación web de suscripción que también puedes instalar en tu teléfono. Te muestra estadísticas sobre tu propia cuenta en la red social de fotos: seguidores nuevos y perdidos, quién no te sigue de vuelta, seguidores mutuos, visitantes del perfil, estadísticas de publicaciones y reels, el sentimiento de los comentarios y un resumen de conclusiones. También te permite ver historias de forma anónima y descargar historias, videos y reels.',
            'Al crear una cuenta o usar Followscope, aceptas estos términos. Si no estás de acuerdo, no uses el servicio.',
          ],
        },
        {
          heading: 'Quién puede usar Followscope y tu cuenta',
          paragraphs: [
            'Debes tener al menos 16 años para usar Followscope.',
            'Inicias sesión con tu correo electrónico y un código de un solo uso de 4 dígitos que enviamos a esa dirección. Protege tu correo: cualquiera que pueda leer tu bandeja de entrada puede entrar en tu cuenta de Followscope. Eres responsable de darnos un correo y un nombre de usuario correctos.',
          ],
        },
        {
          heading: 'Prueba gratuita',
          paragraphs: [
            'Los nuevos suscriptores disfrutan de una prueba gratuita de 7 días. Puedes cancelar en cualquier momento durante la prueba y no se te cobrará nada.',
            'Si no cancelas antes de que terminen los 7 días, tu suscripción de pago empieza automáticamente y se realiza el primer cobro.',
            'Los 7 días cuentan desde el día en que llegan tus primeros datos (tu primera importación de la descarga de datos o tu primera recogida desde la API oficial), porque la descarga puede tardar hasta 48 horas; empiezan como muy tarde 9 días después del pago. El pago, tu recibo y Gestionar suscripción muestran las fechas.',
          ],
        },
        {
          heading: 'Suscripción, pagos y renovación automática',
          paragraphs: [
            'Followscope es una suscripción de pago. Pagas con tarjeta o Apple Pay a través de nuestro proveedor de pagos recurrentes. El precio y el periodo de facturación se muestran antes de que confirmes la compra.',
            'Tu suscripción se renueva automáticamente al final de cada periodo de facturación, al precio vigente en ese momento, hasta que la canceles. Si un pago falla, podemos pausar tu acceso hasta que se complete.',
          ],
        },
        {
          heading: 'Cancelación',
          paragraphs: [
            'Puedes cancelar en cualquier momento con un solo clic: «Cancelar suscripción» en la pantalla Gestionar suscripción. La cancelación se aplica al final del periodo de facturación que ya pagaste, mantienes el acceso hasta entonces y te enviamos una confirmación por correo. No se realizarán más cobros. Hasta esa fecha, «Mantener mi suscripción» deshace la cancelación.',
            'También puedes cancelar escribiendo a support@followscope.app desde el correo de tu cuenta. Eliminar tu cuenta (consulta la Política de privacidad) termina tu suscripción de inmediato, sin reembolso.',
          ],
        },
        {
          heading: 'Reembolsos',
          paragraphs: [
            'Puedes pedir un reembolso dentro de los 14 días siguientes a un pago escribiendo a support@followscope.app. Te devolvemos el importe a la tarjeta o al método de Apple Pay que usaste.',
            'Pasados 14 días, los pagos no son reembolsables, salvo que la ley disponga otra cosa. Nada de estos términos limita los derechos que te reconoce la legislación de protección al consumidor.',
          ],
        },
        {
          heading: 'Uso aceptable',
          paragraphs: [
            'Analiza solo tu propia cuenta en la red social de fotos: una que te pertenezca o que estés autorizado a gestionar. No uses Followscope para vigilar, rastrear o acosar a otras personas.',
            'No extraigas datos de forma automatizada (scraping), no copies ni revendas los datos o resultados de Followscope, no intentes romper, sobrecargar o eludir nuestra seguridad o nuestros límites y no uses herramientas automatizadas para acceder al servicio. El contenido que descargues es solo para tu uso personal y debe respetar los derechos de quienes lo crearon.',
            'Podemos suspender o cerrar las cuentas que incumplan estas reglas.',
          ],
        },
        {
          heading: 'Sin relación con la red social de fotos',
          paragraphs: [
            'Followscope es un servicio independiente. No está afiliado a la red social de fotos ni a su propietario, ni cuenta con su respaldo o patrocinio. Todos los nombres y marcas pertenecen a sus respectivos titulares.',
            'Los cambios que haga la red social de fotos pueden afectar a qué datos puede mostrar Followscope y a la rapidez con que los muestra.',
          ],
        },
        {
          heading: 'Disponibilidad',
          paragraphs: [
            'Trabajamos para que Followscope esté disponible y sea preciso, pero no podemos prometer un servicio sin interrupciones. Puede no estar disponible durante tareas de mantenimiento, caídas o cuando la red social de fotos cambie su funcionamiento. Los resultados son estimaciones y pueden estar incompletos o llegar con retraso.',
            'Podemos cambiar, añadir o quitar funciones para mejorar el servicio.',
          ],
        },
        {
          heading: 'Limitación de responsabilidad',
          paragraphs: [
            'Followscope se ofrece «tal cual». En la medida en que la ley lo permita, no somos responsables de pérdidas indirectas o consecuentes, lucro cesante, pérdida de datos ni de las decisiones que tomes basándote en las estadísticas.',
            'Nuestra responsabilidad total por cualquier reclamación se limita a lo que nos hayas pagado en los 12 meses anteriores a la reclamación. Esto no limita la responsabilidad que la ley no permite limitar, por ejemplo en casos de dolo o negligencia grave.',
          ],
        },
        {
          heading: 'Cambios en estos términos y contacto',
          paragraphs: [
            'Podemos actualizar estos términos. Si los cambios son importantes, te avisaremos por correo o en la app antes de que entren en vigor. Si sigues usando Followscope después, aceptas los nuevos términos; si no estás de acuerdo, puedes cancelar tu suscripción.',
            '¿Tienes preguntas? Escríbenos a support@followscope.app.',
          ],
        },
      ],
    },
    fr: {
      title: 'Conditions d’utilisation',
      updated: '2026-11-26',
      sections: [
        {
          heading: 'À propos de Followscope',
          paragraphs: [
            'Followscope est une application web par abonnement que vous pouvez aussi installer sur votre téléphone. Elle vous présente des statistiques sur votre propre compte sur le réseau social photo : abonnés gagnés et perdus, personnes qui ne vous suivent pas en retour, abonnés mutuels, visiteurs du profil, statistiques des publications et des reels, tonalité des commentaires et un résumé des enseignements clés. Elle vous permet aussi de regarder des stories de façon anonyme et de télécharger des stories, des vidéos et des reels.',
            'En créant un compte ou en utilisant Followscope, vous acceptez les présentes conditions. Si vous ne les acceptez pas, n’utilisez pas le service.',
          ],
        },
        {
          heading: 'Qui peut utiliser Followscope, et votre compte',
          paragraphs: [
            'Vous devez avoir au moins 16 ans pour utiliser Followscope.',
            'Vous vous connectez avec votre adresse e-mail et un code à usage unique de 4 chiffres que nous envoyons à cette adresse. Protégez votre messagerie : toute personne qui peut lire vos e-mails peut se connecter à votre compte Followscope. Vous êtes responsable de l’exactitude de l’adresse e-mail et du nom d’utilisateur que vous nous indiquez.',
          ],
        },
        {
          heading: 'Essai gratuit',
          paragraphs: [
            'Les nouveaux abonnés bénéficient d’un essai gratuit de 7 jours. Vous pouvez résilier à tout moment pendant l’essai sans rien payer.',
            'Si vous ne résiliez pas avant la fin des 7 jours, votre abonnement payant démarre automatiquement et le premier paiement est prélevé.',
            'Les 7 jours comptent à partir du jour où arrivent vos premiers chiffres (votre premier import du téléchargement de données, ou votre première collecte depuis l’API officielle), car le téléchargement peut prendre jusqu’à 48 heures ; ils commencent au plus tard 9 jours après le paiement. Le paiement, votre reçu et Gérer l’abonnement indiquent les dates.',
          ],
        },
        {
          heading: 'Abonnement, paiement et renouvellement automatique',
          paragraphs: [
            'Followscope est un abonnement payant. Vous payez par carte ou Apple Pay via notre prestataire de paiement récurrent. Le prix et la période de facturation sont affichés avant que vous ne confirmiez votre achat.',
            'Votre abonnement est renouvelé automatiquement à la fin de chaque période de facturation, au prix alors en vigueur, jusqu’à ce que vous le résiliiez. Si un paiement échoue, nous pouvons suspendre votre accès jusqu’à ce qu’il aboutisse.',
          ],
        },
        {
          heading: 'Résiliation',
          paragraphs: [
            'Vous pouvez résilier à tout moment, en un clic : « Résilier l’abonnement » sur l’écran Gérer l’abonnement. La résiliation prend effet à la fin de la période de facturation déjà payée, vous gardez l’accès jusque-là et nous vous envoyons une confirmation par e-mail. Aucun autre paiement ne sera prélevé. Jusqu’à cette date, « Garder mon abonnement » annule la résiliation.',
            'Vous pouvez aussi résilier en écrivant à support@followscope.app depuis l’adresse e-mail de votre compte. La suppression de votre compte (voir la Politique de confidentialité) met fin à votre abonnement immédiatement, sans remboursement.',
          ],
        },
        {
          heading: 'Remboursements',
          paragraphs: [
            'Vous pouvez demander un remboursement dans les 14 jours suivant un paiement en écrivant à support@followscope.app. Nous remboursons le montant sur la carte ou le moyen Apple Pay utilisé.',
            'Passé ce délai de 14 jours, les paiements ne sont pas remboursables, sauf si la loi en dispose autrement. Rien dans ces conditions ne limite les droits que vous tenez du droit de la consommation.',
          ],
        },
        {
          heading: 'Utilisation acceptable',
          paragraphs: [
            'N’analysez que votre propre compte sur le réseau social photo, c’est-à-dire un compte qui vous appartient ou que vous êtes autorisé à gérer. N’utilisez pas Followscope pour surveiller, pister ou harceler d’autres personnes.',
            'N’aspirez pas (scraping), ne copiez pas et ne revendez pas les données ou les résultats de Followscope, n’essayez pas de casser, de surcharger ou de contourner nos protections ou nos limites, et n’utilisez pas d’outils automatisés pour accéder au service. Les contenus que vous téléchargez sont réservés à votre usage personnel et doivent respecter les droits de leurs auteurs.',
            'Nous pouvons suspendre ou fermer les comptes qui enfreignent ces règles.',
          ],
        },
        {
          heading: 'Aucun lien avec le réseau social photo',
          paragraphs: [
            'Followscope est un service indépendant. Il n’est ni affilié au réseau social photo ou à son propriétaire, ni approuvé ou sponsorisé par eux. Les noms et marques cités appartiennent à leurs propriétaires respectifs.',
            'Les changements apportés par le réseau social photo peuvent modifier les données que Followscope est en mesure d’afficher, ainsi que la rapidité avec laquelle il les affiche.',
          ],
        },
        {
          heading: 'Disponibilité',
          paragraphs: [
            'Nous faisons de notre mieux pour que Followscope soit disponible et fiable, mais nous ne pouvons pas promettre un service sans interruption. Il peut être indisponible pendant une maintenance, une panne ou lorsque le réseau social photo modifie son fonctionnement. Les résultats sont des estimations et peuvent être incomplets ou arriver avec du retard.',
            'Nous pouvons modifier, ajouter ou retirer des fonctionnalités pour améliorer le service.',
          ],
        },
        {
          heading: 'Limitation de responsabilité',
          paragraphs: [
            'Followscope est fourni « en l’état ». Dans les limites permises par la loi, nous ne sommes pas responsables des dommages indirects, du manque à gagner, de la perte de données, ni des décisions que vous prenez sur la base des statistiques.',
            'Notre responsabilité totale, pour toute réclamation, est limitée au montant que vous nous avez payé au cours des 12 mois précédant la réclamation. Cela ne limite pas la responsabilité qui ne peut pas l’être légalement, par exemple en cas de faute intentionnelle ou de faute lourde.',
          ],
        },
        {
          heading: 'Modification des conditions et contact',
          paragraphs: [
            'Nous pouvons mettre à jour ces conditions. En cas de changement important, nous vous prévenons par e-mail ou dans l’application avant son entrée en vigueur. Si vous continuez ensuite à utiliser Followscope, vous acceptez les nouvelles conditions ; si vous n’êtes pas d’accord, vous pouvez résilier votre abonnement.',
            'Une question ? Écrivez à support@followscope.app.',
          ],
        },
      ],
    },
    de: {
      title: 'Nutzungsbedingungen',
      updated: '2026-11-26',
      sections: [
        {
          heading: 'Über Followscope',
          paragraphs: [
            'Followscope ist eine Web-App im Abo, die du auch auf deinem Handy installieren kannst. Sie zeigt dir Statistiken zu deinem eigenen Konto im Fotonetzwerk: neue und verlorene Follower, wer dir nicht zurückfolgt, gegenseitige Follower, Profilbesucher, Beitrags- und Reel-Statistiken, die Stimmung in Kommentaren und eine Zusammenfassung der wichtigsten Erkenntnisse. Außerdem kannst du Storys anonym ansehen und Storys, Videos und Reels herunterladen.',
            'Wenn du ein Konto erstellst oder Followscope nutzt, stimmst du diesen Bedingungen zu. Wenn du nicht einverstanden bist, nutze den Dienst bitte nicht.',
          ],
        },
        {
          heading: 'Wer Followscope nutzen darf und dein Konto',
          paragraphs: [
            'Du musst mindestens 16 Jahre alt sein, um Followscope zu nutzen.',
            'Du meldest dich mit deiner E-Mail-Adresse und einem 4-stelligen Einmalcode an, den wir an diese Adresse schicken. Schütze dein E-Mail-Postfach: Wer deine E-Mails lesen kann, kann sich auch in dein Followscope-Konto einloggen. Du bist dafür verantwortlich, dass die E-Mail-Adresse und der Benutzername, die du uns angibst, stimmen.',
          ],
        },
        {
          heading: 'Kostenloser Testzeitraum',
          paragraphs: [
            'Neue Abonnenten können Followscope 7 Tage lang kostenlos testen. Du kannst während des Testzeitraums jederzeit kündigen, ohne dass dir etwas berechnet wird.',
            'Wenn du nicht vor Ablauf der 7 Tage kündigst, beginnt dein kostenpflichtiges Abo automatisch und die erste Zahlung wird abgebucht.',
            'Die 7 Tage zählen ab dem Tag, an dem deine ersten Zahlen da sind (dein erster Import des Datendownloads oder deine erste Abfrage über die offizielle API), denn der Download kann bis zu 48 Stunden dauern; sie beginnen spätestens 9 Tage nach der Zahlung. Die Kasse, deine Quittung und „Abo verwalten“ zeigen die Daten.',
          ],
        },
        {
          heading: 'Abo, Zahlung und automatische Verlängerung',
          paragraphs: [
            'Followscope ist ein kostenpflichtiges Abo. Du bezahlst per Karte oder Apple Pay über unseren Anbieter für wiederkehrende Zahlungen. Preis und Abrechnungszeitraum siehst du, bevor du den Kauf bestätigst.',
            'Dein Abo verlängert sich am Ende jedes Abrechnungszeitraums automatisch zum dann gültigen Preis, bis du es kündigst. Wenn eine Zahlung fehlschlägt, können wir deinen Zugang pausieren, bis sie erfolgreich ist.',
          ],
        },
        {
          heading: 'Kündigung',
          paragraphs: [
            'Du kannst jederzeit mit einem Klick kündigen: „Abo kündigen“ auf dem Bildschirm „Abo verwalten“. Die Kündigung wird zum Ende des bereits bezahlten Abrechnungszeitraums wirksam, bis dahin behältst du den Zugang, und wir bestätigen sie dir per E-Mail. Danach wird nichts mehr abgebucht. Bis zu diesem Datum macht „Abo behalten“ die Kündigung rückgängig.',
            'Du kannst auch kündigen, indem du von der E-Mail-Adresse deines Kontos an support@followscope.app schreibst. Wenn du dein Konto löschst (siehe Datenschutzerklärung), endet dein Abo sofort, ohne Erstattung.',
          ],
        },
        {
          heading: 'Erstattungen',
          paragraphs: [
            'Du kannst innerhalb von 14 Tagen nach einer Zahlung eine Erstattung beantragen, indem du an support@followscope.app schreibst. Wir erstatten den Betrag auf die Karte oder das Apple-Pay-Zahlungsmittel, mit dem du bezahlt hast.',
            'Nach Ablauf der 14 Tage sind Zahlungen nicht erstattungsfähig, sofern das Gesetz nichts anderes vorschreibt. Deine Rechte aus dem Verbraucherschutzrecht bleiben von diesen Bedingungen unberührt.',
          ],
        },
        {
          heading: 'Zulässige Nutzung',
          paragraphs: [
            'Analysiere nur dein eigenes Konto im Fotonetzwerk – also ein Konto, das dir gehört oder das du verwalten darfst. Nutze Followscope nicht, um andere Menschen zu überwachen, zu verfolgen oder zu belästigen.',
            'Lies Daten oder Ergebnisse von Followscope nicht automatisiert aus (Scraping), kopiere oder verkaufe sie nicht weiter, versuche nicht, unsere Sicherheitsmaßnahmen oder Limits zu knacken, zu überlasten oder zu umgehen, und greife nicht mit automatisierten Tools auf den Dienst zu. Heruntergeladene Inhalte darfst du nur privat nutzen, und du musst die Rechte ihrer Urheber respektieren.',
            'Wir können Konten, die gegen diese Regeln verstoßen, sperren oder schließen.',
          ],
        },
        {
          heading: 'Keine Verbindung zum Fotonetzwerk',
          paragraphs: [
            'Followscope ist ein unabhängiger Dienst. Er ist weder mit dem Fotonetzwerk oder dessen Betreiber verbunden noch wird er von ihnen unterstützt oder gesponsert. Alle Namen und Marken gehören ihren jeweiligen Inhabern.',
            'Änderungen am Fotonetzwerk können beeinflussen, welche Daten Followscope anzeigen kann und wie schnell.',
          ],
        },
        {
          heading: 'Verfügbarkeit',
          paragraphs: [
            'Wir arbeiten daran, dass Followscope verfügbar und genau ist, können aber keinen unterbrechungsfreien Betrieb versprechen. Bei Wartungsarbeiten, Störungen oder wenn das Fotonetzwerk seine Funktionsweise ändert, kann der Dienst nicht erreichbar sein. Die Ergebnisse sind Schätzungen und können unvollständig oder verzögert sein.',
            'Wir können Funktionen ändern, hinzufügen oder entfernen, um den Dienst zu verbessern.',
          ],
        },
        {
          heading: 'Haftungsbeschränkung',
          paragraphs: [
            'Followscope wird so bereitgestellt, wie es ist. Soweit gesetzlich zulässig, haften wir nicht für indirekte Schäden oder Folgeschäden, entgangenen Gewinn, Datenverlust oder Entscheidungen, die du auf Grundlage der Statistiken triffst.',
            'Unsere Gesamthaftung für jeden Anspruch ist auf den Betrag begrenzt, den du uns in den 12 Monaten vor dem Anspruch gezahlt hast. Das gilt nicht für eine Haftung, die gesetzlich nicht beschränkt werden kann, etwa bei Vorsatz oder grober Fahrlässigkeit.',
          ],
        },
        {
          heading: 'Änderungen dieser Bedingungen und Kontakt',
          paragraphs: [
            'Wir können diese Bedingungen aktualisieren. Bei wesentlichen Änderungen informieren wir dich vorher per E-Mail oder in der App. Wenn du Followscope danach weiter nutzt, akzeptierst du die neuen Bedingungen; wenn du nicht einverstanden bist, kannst du dein Abo kündigen.',
            'Fragen? Schreib uns an support@followscope.app.',
          ],
        },
      ],
    },
    it: {
      title: 'Termini di servizio',
      updated: '2026-11-26',
      sections: [
        {
          heading: 'Cos’è Followscope',
          paragraphs: [
            'Followscope è un’app web in abbonamento che puoi anche installare sul telefono. Ti mostra statistiche sul tuo account sul social network fotografico: follower nuovi e persi, chi non ti segue a sua volta, follower reciproci, visitatori del profilo, statistiche di post e reel, il sentiment dei commenti e un riepilogo degli spunti principali. Ti permette anche di guardare le storie in modo anonimo e di scaricare storie, video e reel.',
            'Creando un account o usando Followscope accetti questi termini. Se non sei d’accordo, non usare il servizio.',
          ],
        },
        {
          heading: 'Chi può usare Followscope e il tuo account',
          paragraphs: [
            'Devi avere almeno 16 anni per usare Followscope.',
            'Accedi con il tuo indirizzo email e un codice monouso di 4 cifre che inviamo a quell’indirizzo. Proteggi la tua email: chiunque possa leggere la tua casella di posta può entrare nel tuo account Followscope. Sei responsabile della correttezza dell’indirizzo email e del nome utente che ci fornisci.',
          ],
        },
        {
          heading: 'Prova gratuita',
          paragraphs: [
            'I nuovi abbonati hanno una prova gratuita di 7 giorni. Puoi disdire in qualsiasi momento durante la prova senza pagare nulla.',
            'Se non disdici prima della fine dei 7 giorni, l’abbonamento a pagamento inizia automaticamente e viene addebitato il primo pagamento.',
            'I 7 giorni contano dal giorno in cui arrivano i tuoi primi dati (la tua prima importazione del download dei dati o la tua prima raccolta dall’API ufficiale), perché il download può richiedere fino a 48 ore; iniziano al più tardi 9 giorni dopo il pagamento. Il pagamento, la ricevuta e Gestisci abbonamento mostrano le date.',
          ],
        },
        {
          heading: 'Abbonamento, pagamento e rinnovo automatico',
          paragraphs: [
            'Followscope è un abbonamento a pagamento. Paghi con carta o Apple Pay tramite il nostro fornitore di pagamenti ricorrenti. Il prezzo e il periodo di fatturazione ti vengono mostrati prima che tu confermi l’acquisto.',
            'L’abbonamento si rinnova automaticamente alla fine di ogni periodo di fatturazione, al prezzo in vigore in quel momento, finché non lo disdici. Se un pagamento non va a buon fine, possiamo sospendere il tuo accesso finché non viene completato.',
          ],
        },
        {
          heading: 'Disdetta',
          paragraphs: [
            'Puoi disdire in qualsiasi momento con un clic: «Disdici abbonamento» nella schermata Gestisci abbonamento. La disdetta ha effetto alla fine del periodo di fatturazione già pagato, fino ad allora mantieni l’accesso e ti inviamo una conferma via email. Non verranno addebitati altri pagamenti. Fino a quella data, «Mantieni il mio abbonamento» annulla la disdetta.',
            'Puoi anche disdire scrivendo a support@followscope.app dall’indirizzo email del tuo account. Eliminare l’account (vedi l’Informativa sulla privacy) chiude subito l’abbonamento, senza rimborso.',
          ],
        },
        {
          heading: 'Rimborsi',
          paragraphs: [
            'Puoi chiedere un rimborso entro 14 giorni da un pagamento scrivendo a support@followscope.app. Rimborsiamo l’importo sulla carta o sul metodo Apple Pay che hai usato.',
            'Trascorsi 14 giorni, i pagamenti non sono rimborsabili, salvo diversa disposizione di legge. Nulla in questi termini limita i diritti che ti riconosce la normativa a tutela dei consumatori.',
          ],
        },
        {
          heading: 'Uso consentito',
          paragraphs: [
            'Analizza solo il tuo account sul social network fotografico, cioè un account che ti appartiene o che sei autorizzato a gestire. Non usare Followscope per sorvegliare, tracciare o molestare altre persone.',
            'Non estrarre in modo automatico (scraping), non copiare e non rivendere i dati o i risultati di Followscope, non cercare di violare, sovraccaricare o aggirare le nostre protezioni o i nostri limiti e non usare strumenti automatizzati per accedere al servizio. I contenuti che scarichi sono solo per uso personale e devi rispettare i diritti di chi li ha creati.',
            'Possiamo sospendere o chiudere gli account che violano queste regole.',
          ],
        },
        {
          heading: 'Nessun legame con il social network fotografico',
          paragraphs: [
            'Followscope è un servizio indipendente. Non è affiliato, approvato o sponsorizzato dal social network fotografico né dal suo proprietario. Tutti i nomi e i marchi appartengono ai rispettivi titolari.',
            'Le modifiche apportate dal social network fotografico possono influire sui dati che Followscope riesce a mostrare e sulla rapidità con cui li mostra.',
          ],
        },
        {
          heading: 'Disponibilità',
          paragraphs: [
            'Ci impegniamo perché Followscope sia disponibile e preciso, ma non possiamo promettere un servizio senza interruzioni. Il servizio può non essere disponibile durante la manutenzione, in caso di guasti o quando il social network fotografico cambia il suo funzionamento. I risultati sono stime e possono essere incompleti o arrivare in ritardo.',
            'Possiamo modificare, aggiungere o rimuovere funzioni per migliorare il servizio.',
          ],
        },
        {
          heading: 'Limitazione di responsabilità',
          paragraphs: [
            'Followscope è fornito «così com’è». Nei limiti consentiti dalla legge, non siamo responsabili di danni indiretti o consequenziali, mancati guadagni, perdita di dati o decisioni che prendi in base alle statistiche.',
            'La nostra responsabilità complessiva per qualsiasi reclamo è limitata all’importo che ci hai pagato nei 12 mesi precedenti il reclamo. Ciò non limita la responsabilità che la legge non consente di limitare, ad esempio in caso di dolo o colpa grave.',
          ],
        },
        {
          heading: 'Modifiche ai termini e contatti',
          paragraphs: [
            'Possiamo aggiornare questi termini. Se le modifiche sono importanti, ti avviseremo via email o nell’app prima che entrino in vigore. Se continui a usare Followscope dopo, accetti i nuovi termini; se non sei d’accordo, puoi disdire l’abbonamento.',
            'Hai domande? Scrivi a support@followscope.app.',
          ],
        },
      ],
    },
    'pt-BR': {
      title: 'Termos de Serviço',
      updated: '2026-11-26',
      sections: [
        {
          heading: 'Sobre o Followscope',
          paragraphs: [
            'O Followscope é um aplicativo web por assinatura que você também pode instalar no celular. Ele mostra estatísticas sobre a sua própria conta na rede social de fotos: seguidores novos e perdidos, quem não segue você de volta, seguidores mútuos, visitantes do perfil, estatísticas de publicações e reels, o sentimento dos comentários e um resumo com os principais insights. Ele também permite assistir a stories de forma anônima e baixar stories, vídeos e reels.',
            'Ao criar uma conta ou usar o Followscope, você concorda com estes termos. Se não concordar, não use o serviço.',
          ],
        },
        {
          heading: 'Quem pode usar o Followscope e sua conta',
          paragraphs: [
            'Você precisa ter pelo menos 16 anos para usar o Followscope.',
            'Você entra com seu e-mail e um código de uso único de 4 dígitos que enviamos para esse endereço. Proteja seu e-mail: qualquer pessoa que consiga ler sua caixa de entrada pode entrar na sua conta do Followscope. Você é responsável por informar corretamente o e-mail e o nome de usuário.',
          ],
        },
        {
          heading: 'Teste grátis',
          paragraphs: [
            'Novos assinantes ganham um teste grátis de 7 dias. Você pode cancelar a qualquer momento durante o teste e não será cobrado.',
            'Se você não cancelar antes do fim dos 7 dias, sua assinatura paga começa automaticamente e a primeira cobrança é feita.',
            'Os 7 dias contam a partir do dia em que seus primeiros dados chegam (sua primeira importação do download de dados ou sua primeira coleta pela API oficial), porque o download pode levar até 48 horas; eles começam no máximo 9 dias após o pagamento. O pagamento, seu recibo e Gerenciar assinatura mostram as datas.',
          ],
        },
        {
          heading: 'Assinatura, cobrança e renovação automática',
          paragraphs: [
            'O Followscope é uma assinatura paga. Você paga com cartão ou Apple Pay por meio do nosso provedor de cobrança recorrente. O preço e o período de cobrança são mostrados antes de você confirmar a compra.',
            'Sua assinatura é renovada automaticamente ao fim de cada período de cobrança, pelo preço vigente na época, até que você a cancele. Se um pagamento falhar, podemos suspender seu acesso até que ele seja concluído.',
          ],
        },
        {
          heading: 'Cancelamento',
          paragraphs: [
            'Você pode cancelar a qualquer momento com um clique: “Cancelar assinatura” na tela Gerenciar assinatura. O cancelamento vale a partir do fim do período de cobrança já pago, você mantém o acesso até lá e enviamos uma confirmação por e-mail. Nenhuma outra cobrança será feita. Até essa data, “Manter minha assinatura” desfaz o cancelamento.',
            'Você também pode cancelar enviando um e-mail para support@followscope.app a partir do e-mail da sua conta. Excluir sua conta (veja a Política de privacidade) encerra sua assinatura na hora, sem reembolso.',
          ],
        },
        {
          heading: 'Reembolsos',
          paragraphs: [
            'Você pode pedir reembolso em até 14 dias após um pagamento, enviando um e-mail para support@followscope.app. Devolvemos o valor no cartão ou no Apple Pay que você usou.',
            'Depois de 14 dias, os pagamentos não são reembolsáveis, exceto quando a lei determinar o contrário. Nada nestes termos limita os direitos que você tem pela legislação de defesa do consumidor.',
          ],
        },
        {
          heading: 'Uso aceitável',
          paragraphs: [
            'Analise apenas a sua própria conta na rede social de fotos: uma conta que pertence a você ou que você está autorizado a gerenciar. Não use o Followscope para monitorar, rastrear ou assediar outras pessoas.',
            'Não faça raspagem de dados (scraping), não copie nem revenda os dados ou resultados do Followscope, não tente quebrar, sobrecarregar ou burlar nossa segurança ou nossos limites e não use ferramentas automatizadas para acessar o serviço. O conteúdo que você baixa é só para uso pessoal e deve respeitar os direitos de quem o criou.',
            'Podemos suspender ou encerrar contas que violem estas regras.',
          ],
        },
        {
          heading: 'Sem vínculo com a rede social de fotos',
          paragraphs: [
            'O Followscope é um serviço independente. Ele não é afiliado, endossado nem patrocinado pela rede social de fotos ou pela empresa dona dela. Todos os nomes e marcas pertencem a seus respectivos donos.',
            'Mudanças feitas pela rede social de fotos podem afetar quais dados o Followscope consegue mostrar e com que rapidez.',
          ],
        },
        {
          heading: 'Disponibilidade',
          paragraphs: [
            'Trabalhamos para manter o Followscope disponível e preciso, mas não podemos prometer um serviço sem interrupções. Ele pode ficar indisponível durante manutenções, falhas ou quando a rede social de fotos mudar seu funcionamento. Os resultados são estimativas e podem estar incompletos ou atrasados.',
            'Podemos alterar, adicionar ou remover funções para melhorar o serviço.',
          ],
        },
        {
          heading: 'Limitação de responsabilidade',
          paragraphs: [
            'O Followscope é fornecido “no estado em que se encontra”. Na medida permitida por lei, não somos responsáveis por danos indiretos, lucros cessantes, perda de dados ou decisões que você tome com base nas estatísticas.',
            'Nossa responsabilidade total por qualquer reclamação se limita ao valor que você nos pagou nos 12 meses anteriores à reclamação. Isso não limita a responsabilidade que a lei não permite limitar, como em casos de dolo ou culpa grave.',
          ],
        },
        {
          heading: 'Alterações nestes termos e contato',
          paragraphs: [
            'Podemos atualizar estes termos. Se as mudanças forem importantes, avisaremos você por e-mail ou no app antes que entrem em vigor. Se continuar usando o Followscope depois disso, você aceita os novos termos; se não concordar, pode cancelar sua assinatura.',
            'Dúvidas? Escreva para support@followscope.app.',
          ],
        },
      ],
    },
  },
  PRIVACY_POLICY: {
    en: {
      title: 'Privacy Policy',
      updated: '2026-11-25',
      sections: [
        {
          heading: 'Who we are',
          paragraphs: [
            'This policy explains how Followscope handles your personal data when you use our web app and website. Followscope is responsible for this data. You can reach us at any time at support@followscope.app.',
          ],
        },
        {
          heading: 'What we collect',
          paragraphs: [
            'Account data: your email address and the username of the photo network account you ask us to analyse.',
            'Analytics data: the follower data and statistics we compute for that account, for example followers gained and lost, who doesn’t follow you back, mutual followers, profile viewers, post and reel statistics and the sentiment of comments. This can include the public usernames of accounts that interact with yours.',
            'Usage data: basic technical information such as when you sign in, which features you use, your device and browser type, and error logs. Payment details are handled by our billing provider (see below).',
          ],
        },
        {
          heading: 'Why we use it',
          paragraphs: [
            'We use your data to sign you in, provide the analytics you pay for, manage your trial and subscription, answer your support requests, keep the service secure and fix problems.',
            'We process it because it is needed to provide the service you signed up for, to meet legal obligations such as keeping tax records, and for our legitimate interest in keeping Followscope secure and working well. We do not sell your data and we do not use it for advertising.',
          ],
        },
        {
          heading: 'Payments',
          paragraphs: [
            'Payments by card or Apple Pay are processed by our recurring-billing provider. We never see or store your card number. We only receive what we need to manage your subscription, such as its status and the dates and amounts of payments.',
            'Your free 7-day trial, automatic renewals and refunds requested within 14 days are all handled through the same provider.',
          ],
        },
        {
          heading: 'Who we share it with',
          paragraphs: [
            'We share data only with service providers that help us run Followscope (the billing provider, our hosting provider and the service that sends our sign-in emails), and only as far as they need it. They may use it only on our behalf. We may also disclose data when the law requires it.',
          ],
        },
        {
          heading: 'How long we keep it',
          paragraphs: [
            'We keep your account and analytics data while your account is active. Cached results are updated over time, and older results are removed when they are no longer needed.',
            'When you clear your data, we delete it from our servers at once; when you delete your account, everything about it goes at once (see “Cancelling and deleting your account”). One-time sign-in codes expire shortly after they are sent. A record of each payment is kept for as long as tax and accounting law requires.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            'You have the right to access, correct, delete and export your personal data, and to object to or restrict certain processing.',
            'You can delete the collected data of your account at any time with the “Clear Data” entry in the menu, and cancel your subscription, export your data or delete your account yourself on the Manage subscription screen. For anything else (a correction, say), write to support@followscope.app. We reply as quickly as we can, and always within the time allowed by law. You can also complain to your local data protection authority.',
          ],
        },
        {
          heading: 'Cancelling and deleting your account',
          paragraphs: [
            'Cancelling: “Cancel subscription” on the Manage subscription screen stops the renewal in one click. Your subscription stays active until the end of the period you paid for, we email you a confirmation, and until that date “Keep my subscription” undoes it. You can also cancel by writing to support@followscope.app.',
            'Your data can be exported from the Manage subscription screen.',
            'Deleting: “Delete my account” on the same screen deletes, once you confirm, your account and everything we hold about it: your analyses and lists, the downloads you imported, your connection to the official API and what it collected, your support messages, your sign-in codes and the emails kept for your address. Your subscription ends at once, without a refund, and we ask our billing provider to erase your name, email and card from its records. The app also empties the device you use it on (its local database and cached pictures), and we send a last email to confirm the deletion.',
            'What we keep, because tax and accounting law requires it: a record of each payment (its date, amount, currency and plan), with no name, email or username attached, for as long as that law requires. Our billing provider keeps its own invoices on the same terms.',
          ],
        },
        {
          heading: 'Cookies and local storage',
          paragraphs: [
            'Followscope does not use advertising or tracking cookies. So that the app works offline, it stores your login and your cached results in your browser’s local database on your device.',
            'You can remove this data by logging out, using “Clear Data”, deleting your account or clearing your browser’s storage.',
          ],
        },
        {
          heading: 'Security',
          paragraphs: [
            'We protect your data with encrypted connections (HTTPS) and restricted access. One-time codes and sign-in tokens are stored only in hashed form, so they cannot be read even from our database.',
            'No system is completely secure, but if a breach affecting your data occurs, we will inform you and the authorities as the law requires.',
          ],
        },
        {
          heading: 'Minimum age',
          paragraphs: [
            'Followscope is for people aged 16 or older. We do not knowingly collect data from anyone younger. If you think someone under 16 has given us data, contact us and we will delete it.',
          ],
        },
        {
          heading: 'Changes and contact',
          paragraphs: [
            'We may update this policy. The date of the latest change is shown at the top of this page, and we will tell you about important changes by email or in the app.',
            'For any privacy question or request, write to support@followscope.app.',
          ],
        },
      ],
    },
    es: {
      title: 'Política de privacidad',
      updated: '2026-11-25',
      sections: [
        {
          heading: 'Quiénes somos',
          paragraphs: [
            'Esta política explica cómo trata Followscope tus datos personales cuando usas nuestra aplicación web y nuestro sitio. Followscope es el responsable de estos datos. Puedes escribirnos en cualquier momento a support@followscope.app.',
          ],
        },
        {
          heading: 'Qué datos recopilamos',
          paragraphs: [
            'Datos de la cuenta: tu dirección de correo electrónico y el nombre de usuario de la cuenta de la red social de fotos que nos pides analizar.',
            'Datos de análisis: los datos de seguidores y las estadísticas que calculamos para esa cuenta, por ejemplo seguidores ganados y perdidos, quién no te sigue de vuelta, seguidores mutuos, visitantes del perfil, estadísticas de publicaciones y reels y el sentimiento de los comentarios. Pueden incluir los nombres de usuario públicos de las cuentas que interactúan con la tuya.',
            'Datos de uso: información técnica básica, como cuándo inicias sesión, qué funciones usas, el tipo de dispositivo y navegador y los registros de errores. Los datos de pago los gestiona nuestro proveedor de pagos (ver más abajo).',
          ],
        },
        {
          heading: 'Para qué los usamos',
          paragraphs: [
            'Usamos tus datos para iniciar tu sesión, ofrecerte las estadísticas por las que pagas, gestionar tu prueba y tu suscripción, responder a tus consultas de soporte, mantener el servicio seguro y solucionar problemas.',
            'Los tratamos porque es necesario para prestarte el servicio que contrataste, para cumplir obligaciones legales como la conservación de registros fiscales y por nuestro interés legítimo en que Followscope sea seguro y funcione bien. No vendemos tus datos ni los usamos para publicidad.',
          ],
        },
        {
          heading: 'Pagos',
          paragraphs: [
            'Los pagos con tarjeta o Apple Pay los procesa nuestro proveedor de pagos recurrentes. Nunca vemos ni guardamos el número de tu tarjeta. Solo recibimos lo necesario para gestionar tu suscripción, como su estado y las fechas e importes de los pagos.',
            'Tu prueba gratuita de 7 días, las renovaciones automáticas y los reembolsos solicitados dentro de los 14 días se gestionan a través del mismo proveedor.',
          ],
        },
        {
          heading: 'Con quién los compartimos',
          paragraphs: [
            'Solo compartimos datos con proveedores que nos ayudan a hacer funcionar Followscope (el proveedor de pagos, nuestro proveedor de alojamiento y el servicio que envía los correos de inicio de sesión), y solo en la medida en que los necesitan. Solo pueden usarlos en nuestro nombre. También podemos revelar datos cuando la ley lo exija.',
          ],
        },
        {
          heading: 'Cuánto tiempo los conservamos',
          paragraphs: [
            'Conservamos los datos de tu cuenta y de análisis mientras tu cuenta esté activa. Los resultados en caché se actualizan con el tiempo y los antiguos se eliminan cuando ya no se necesitan.',
            'Cuando borras tus datos, los eliminamos de nuestros servidores de inmediato; cuando eliminas tu cuenta, todo lo que tiene que ver con ella se elimina de inmediato (consulta «Cancelar y eliminar tu cuenta»). Los códigos de inicio de sesión de un solo uso caducan poco después de enviarse. Un registro de cada pago se conserva durante el tiempo que exija la normativa fiscal y contable.',
          ],
        },
        {
          heading: 'Tus derechos',
          paragraphs: [
            'Tienes derecho a acceder a tus datos personales, corregirlos, eliminarlos y exportarlos, así como a oponerte a ciertos tratamientos o pedir que se limiten.',
            'Puedes eliminar en cualquier momento los datos recopilados de tu cuenta con la opción «Borrar datos» del menú, y cancelar tu suscripción, exportar tus datos o eliminar tu cuenta tú mismo en la pantalla Gestionar suscripción. Para todo lo demás (una corrección, por ejemplo), escribe a support@followscope.app. Te respondemos lo antes posible y siempre dentro del plazo que marca la ley. También puedes presentar una reclamación ante la autoridad de protección de datos de tu país.',
          ],
        },
        {
          heading: 'Cancelar y eliminar tu cuenta',
          paragraphs: [
            'Cancelar: «Cancelar suscripción» en la pantalla Gestionar suscripción detiene la renovación con un solo clic. Tu suscripción sigue activa hasta el final del periodo que pagaste, te enviamos una confirmación por correo y, hasta esa fecha, «Mantener mi suscripción» la deshace. También puedes cancelar escribiendo a support@followscope.app.',
            'Puedes exportar tus datos desde la pantalla Gestionar suscripción.',
            'Eliminar: «Eliminar mi cuenta», en la misma pantalla, elimina, una vez que lo confirmas, tu cuenta y todo lo que guardamos de ella: tus análisis y listas, las descargas que importaste, tu conexión con la API oficial y lo que recopiló, tus mensajes de soporte, tus códigos de acceso y los correos guardados para tu dirección. Tu suscripción termina de inmediato, sin reembolso, y pedimos a nuestro proveedor de facturación que borre tu nombre, tu correo y tu tarjeta de sus registros. La app también vacía el dispositivo en el que la usas (su base de datos local y las imágenes en caché), y te enviamos un último correo para confirmar la eliminación.',
            'Lo que conservamos, porque la normativa fiscal y contable lo exige: un registro de cada pago (fecha, importe, moneda y plan), sin ningún nombre, correo ni nombre de usuario, durante el tiempo que exija esa normativa. Nuestro proveedor de facturación conserva sus propias facturas en las mismas condiciones.',
          ],
        },
        {
          heading: 'Cookies y almacenamiento local',
          paragraphs: [
            'Followscope no usa cookies de publicidad ni de seguimiento. Para funcionar sin conexión, la app guarda tu inicio de sesión y tus resultados en caché en la base de datos local de tu navegador, en tu dispositivo.',
            'Puedes eliminar estos datos cerrando sesión, usando «Borrar datos», eliminando tu cuenta o borrando el almacenamiento de tu navegador.',
          ],
        },
        {
          heading: 'Seguridad',
          paragraphs: [
            'Protegemos tus datos con conexiones cifradas (HTTPS) y acceso restringido. Los códigos de un solo uso y los tokens de sesión se guardan solo en forma de hash, así que no se pueden leer ni siquiera desde nuestra base de datos.',
            'Ningún sistema es totalmente seguro, pero si se produce una brecha que afecte a tus datos, te informaremos a ti y a las autoridades según exija la ley.',
          ],
        },
        {
          heading: 'Edad mínima',
          paragraphs: [
            'Followscope es para personas de 16 años o más. No recopilamos a sabiendas datos de nadie más joven. Si crees que alguien menor de 16 años nos ha dado datos, escríbenos y los eliminaremos.',
          ],
        },
        {
          heading: 'Cambios y contacto',
          paragraphs: [
            'Podemos actualizar esta política. La fecha del último cambio aparece al principio de esta página y te avisaremos de los cambios importantes por correo o en la app.',
            'Para cualquier pregunta o solicitud sobre privacidad, escribe a support@followscope.app.',
          ],
        },
      ],
    },
    fr: {
      title: 'Politique de confidentialité',
      updated: '2026-11-25',
      sections: [
        {
          heading: 'Qui sommes-nous',
          paragraphs: [
            'Cette politique explique comment Followscope traite vos données personnelles lorsque vous utilisez notre application web et notre site. Followscope est responsable du traitement de ces données. Vous pouvez nous écrire à tout moment à support@followscope.app.',
          ],
        },
        {
          heading: 'Les données que nous collectons',
          paragraphs: [
            'Données de compte : votre adresse e-mail et le nom d’utilisateur du compte du réseau social photo que vous nous demandez d’analyser.',
            'Données d’analyse : les données d’abonnés et les statistiques que nous calculons pour ce compte, par exemple les abonnés gagnés et perdus, les personnes qui ne vous suivent pas en retour, les abonnés mutuels, les visiteurs du profil, les statistiques des publications et des reels et la tonalité des commentaires. Elles peuvent inclure les noms d’utilisateur publics des comptes qui interagissent avec le vôtre.',
            'Données d’utilisation : des informations techniques de base, comme le moment de vos connexions, les fonctionnalités utilisées, le type d’appareil et de navigateur et les journaux d’erreurs. Les données de paiement sont gérées par notre prestataire de paiement (voir ci-dessous).',
          ],
        },
        {
          heading: 'Pourquoi nous les utilisons',
          paragraphs: [
            'Nous utilisons vos données pour vous connecter, vous fournir les statistiques pour lesquelles vous payez, gérer votre essai et votre abonnement, répondre à vos demandes d’assistance, sécuriser le service et corriger les problèmes.',
            'Ce traitement est nécessaire pour fournir le service auquel vous avez souscrit, pour respecter nos obligations légales (comme la conservation des pièces comptables) et pour notre intérêt légitime à garder Followscope sûr et fonctionnel. Nous ne vendons pas vos données et ne les utilisons pas à des fins publicitaires.',
          ],
        },
        {
          heading: 'Paiements',
          paragraphs: [
            'Les paiements par carte ou Apple Pay sont traités par notre prestataire de paiement récurrent. Nous ne voyons et ne conservons jamais votre numéro de carte. Nous recevons uniquement ce qui est nécessaire pour gérer votre abonnement, comme son statut, les dates et les montants des paiements.',
            'Votre essai gratuit de 7 jours, les renouvellements automatiques et les remboursements demandés dans les 14 jours passent tous par ce même prestataire.',
          ],
        },
        {
          heading: 'Avec qui nous les partageons',
          paragraphs: [
            'Nous ne partageons des données qu’avec les prestataires qui nous aident à faire fonctionner Followscope (le prestataire de paiement, notre hébergeur et le service qui envoie nos e-mails de connexion), et uniquement dans la mesure où ils en ont besoin. Ils ne peuvent les utiliser que pour notre compte. Nous pouvons aussi communiquer des données lorsque la loi l’exige.',
          ],
        },
        {
          heading: 'Durée de conservation',
          paragraphs: [
            'Nous conservons les données de votre compte et d’analyse tant que votre compte est actif. Les résultats en cache sont mis à jour au fil du temps et les plus anciens sont supprimés lorsqu’ils ne sont plus utiles.',
            'Lorsque vous effacez vos données, nous les supprimons aussitôt de nos serveurs ; lorsque vous supprimez votre compte, tout ce qui le concerne disparaît aussitôt (voir « Résilier et supprimer votre compte »). Les codes de connexion à usage unique expirent peu après leur envoi. Une trace de chaque paiement est conservée aussi longtemps que l’exige la législation fiscale et comptable.',
          ],
        },
        {
          heading: 'Vos droits',
          paragraphs: [
            'Vous avez le droit d’accéder à vos données personnelles, de les rectifier, de les supprimer et de les exporter, ainsi que de vous opposer à certains traitements ou d’en demander la limitation.',
            'Vous pouvez supprimer à tout moment les données collectées de votre compte avec l’entrée « Effacer les données » du menu, et résilier votre abonnement, exporter vos données ou supprimer votre compte vous-même sur l’écran Gérer l’abonnement. Pour tout le reste (une rectification, par exemple), écrivez à support@followscope.app. Nous répondons dans les meilleurs délais, et toujours dans le délai prévu par la loi. Vous pouvez aussi adresser une réclamation à l’autorité de protection des données de votre pays.',
          ],
        },
        {
          heading: 'Résilier et supprimer votre compte',
          paragraphs: [
            'Résilier : « Résilier l’abonnement » sur l’écran Gérer l’abonnement arrête le renouvellement en un clic. Votre abonnement reste actif jusqu’à la fin de la période payée, nous vous envoyons une confirmation par e-mail et, jusqu’à cette date, « Garder mon abonnement » l’annule. Vous pouvez aussi résilier en écrivant à support@followscope.app.',
            'Vos données peuvent être exportées depuis l’écran Gérer l’abonnement.',
            'Supprimer : « Supprimer mon compte », sur le même écran, supprime, une fois que vous confirmez, votre compte et tout ce que nous en conservons : vos analyses et listes, les téléchargements importés, votre connexion à l’API officielle et ce qu’elle a collecté, vos messages au support, vos codes de connexion et les e-mails conservés pour votre adresse. Votre abonnement prend fin aussitôt, sans remboursement, et nous demandons à notre prestataire de facturation d’effacer de ses dossiers votre nom, votre e-mail et votre carte. L’application vide aussi l’appareil sur lequel vous l’utilisez (sa base de données locale et les images en cache), et nous vous envoyons un dernier e-mail pour confirmer la suppression.',
            'Ce que nous conservons, parce que la législation fiscale et comptable l’exige : une trace de chaque paiement (date, montant, devise et offre), sans nom, e-mail ni nom d’utilisateur, aussi longtemps que cette législation l’exige. Notre prestataire de facturation conserve ses propres factures dans les mêmes conditions.',
          ],
        },
        {
          heading: 'Cookies et stockage local',
          paragraphs: [
            'Followscope n’utilise pas de cookies publicitaires ni de traçage. Pour fonctionner hors ligne, l’application enregistre votre connexion et vos résultats en cache dans la base de données locale de votre navigateur, sur votre appareil.',
            'Vous pouvez supprimer ces données en vous déconnectant, en utilisant « Effacer les données », en supprimant votre compte ou en vidant le stockage de votre navigateur.',
          ],
        },
        {
          heading: 'Sécurité',
          paragraphs: [
            'Nous protégeons vos données par des connexions chiffrées (HTTPS) et un accès restreint. Les codes à usage unique et les jetons de connexion sont stockés uniquement sous forme hachée : ils ne sont pas lisibles, même depuis notre base de données.',
            'Aucun système n’est totalement sûr, mais si une violation touchant vos données se produit, nous vous en informerons, ainsi que les autorités, comme la loi l’exige.',
          ],
        },
        {
          heading: 'Âge minimum',
          paragraphs: [
            'Followscope s’adresse aux personnes de 16 ans ou plus. Nous ne collectons pas sciemment de données concernant des personnes plus jeunes. Si vous pensez qu’une personne de moins de 16 ans nous a transmis des données, contactez-nous et nous les supprimerons.',
          ],
        },
        {
          heading: 'Modifications et contact',
          paragraphs: [
            'Nous pouvons mettre à jour cette politique. La date de la dernière modification figure en haut de cette page, et nous vous informerons des changements importants par e-mail ou dans l’application.',
            'Pour toute question ou demande concernant vos données, écrivez à support@followscope.app.',
          ],
        },
      ],
    },
    de: {
      title: 'Datenschutzerklärung',
      updated: '2026-11-25',
      sections: [
        {
          heading: 'Wer wir sind',
          paragraphs: [
            'Diese Erklärung beschreibt, wie Followscope mit deinen personenbezogenen Daten umgeht, wenn du unsere Web-App und Website nutzt. Followscope ist für diese Daten verantwortlich. Du erreichst uns jederzeit unter support@followscope.app.',
          ],
        },
        {
          heading: 'Welche Daten wir erheben',
          paragraphs: [
            'Kontodaten: deine E-Mail-Adresse und der Benutzername des Kontos im Fotonetzwerk, das wir für dich analysieren sollen.',
            'Analysedaten: die Follower-Daten und Statistiken, die wir für dieses Konto berechnen, zum Beispiel gewonnene und verlorene Follower, wer dir nicht zurückfolgt, gegenseitige Follower, Profilbesucher, Beitrags- und Reel-Statistiken und die Stimmung in Kommentaren. Dazu können die öffentlichen Benutzernamen von Konten gehören, die mit deinem interagieren.',
            'Nutzungsdaten: grundlegende technische Informationen, etwa wann du dich anmeldest, welche Funktionen du nutzt, Geräte- und Browsertyp sowie Fehlerprotokolle. Zahlungsdaten verarbeitet unser Zahlungsanbieter (siehe unten).',
          ],
        },
        {
          heading: 'Wofür wir sie nutzen',
          paragraphs: [
            'Wir nutzen deine Daten, um dich anzumelden, dir die Statistiken zu liefern, für die du bezahlst, deinen Testzeitraum und dein Abo zu verwalten, deine Support-Anfragen zu beantworten, den Dienst sicher zu halten und Fehler zu beheben.',
            'Wir verarbeiten sie, weil das für den von dir gebuchten Dienst nötig ist, um gesetzliche Pflichten wie die Aufbewahrung von Steuerunterlagen zu erfüllen, und aus unserem berechtigten Interesse, Followscope sicher und funktionsfähig zu halten. Wir verkaufen deine Daten nicht und nutzen sie nicht für Werbung.',
          ],
        },
        {
          heading: 'Zahlungen',
          paragraphs: [
            'Zahlungen per Karte oder Apple Pay wickelt unser Anbieter für wiederkehrende Zahlungen ab. Wir sehen und speichern deine Kartennummer nie. Wir erhalten nur, was wir zur Verwaltung deines Abos brauchen, etwa seinen Status sowie Datum und Betrag der Zahlungen.',
            'Dein kostenloser Testzeitraum von 7 Tagen, automatische Verlängerungen und Erstattungen, die du innerhalb von 14 Tagen beantragst, laufen alle über denselben Anbieter.',
          ],
        },
        {
          heading: 'An wen wir Daten weitergeben',
          paragraphs: [
            'Wir geben Daten nur an Dienstleister weiter, die uns beim Betrieb von Followscope helfen (den Zahlungsanbieter, unseren Hosting-Anbieter und den Dienst, der unsere Anmelde-E-Mails verschickt), und nur so weit, wie sie sie brauchen. Sie dürfen sie nur in unserem Auftrag nutzen. Außerdem können wir Daten offenlegen, wenn das Gesetz es verlangt.',
          ],
        },
        {
          heading: 'Wie lange wir sie speichern',
          paragraphs: [
            'Wir speichern deine Konto- und Analysedaten, solange dein Konto aktiv ist. Zwischengespeicherte Ergebnisse werden laufend aktualisiert, ältere Ergebnisse werden gelöscht, sobald sie nicht mehr gebraucht werden.',
            'Wenn du deine Daten löschst, entfernen wir sie sofort von unseren Servern; wenn du dein Konto löschst, verschwindet sofort alles, was dazu gehört (siehe „Kündigen und Konto löschen“). Einmalcodes für die Anmeldung verfallen kurz nach dem Versand. Einen Nachweis jeder Zahlung bewahren wir so lange auf, wie es das Steuer- und Handelsrecht vorschreibt.',
          ],
        },
        {
          heading: 'Deine Rechte',
          paragraphs: [
            'Du hast das Recht auf Auskunft, Berichtigung, Löschung und Export deiner personenbezogenen Daten sowie das Recht, bestimmten Verarbeitungen zu widersprechen oder sie einschränken zu lassen.',
            'Die erhobenen Daten deines Kontos kannst du jederzeit über den Menüpunkt „Daten löschen“ entfernen; dein Abo kündigen, deine Daten exportieren oder dein Konto löschen kannst du selbst auf dem Bildschirm „Abo verwalten“. Für alles andere (etwa eine Berichtigung) schreib an support@followscope.app. Wir antworten so schnell wie möglich und immer innerhalb der gesetzlichen Frist. Du kannst dich außerdem bei der Datenschutzaufsichtsbehörde in deinem Land beschweren.',
          ],
        },
        {
          heading: 'Kündigen und Konto löschen',
          paragraphs: [
            'Kündigen: „Abo kündigen“ auf dem Bildschirm „Abo verwalten“ beendet die Verlängerung mit einem Klick. Dein Abo bleibt bis zum Ende des bezahlten Zeitraums aktiv, wir bestätigen die Kündigung per E-Mail, und bis zu diesem Datum macht „Abo behalten“ sie rückgängig. Du kannst auch kündigen, indem du an support@followscope.app schreibst.',
            'Deine Daten kannst du auf dem Bildschirm „Abo verwalten“ exportieren.',
            'Löschen: „Mein Konto löschen“ auf demselben Bildschirm löscht nach deiner Bestätigung dein Konto und alles, was wir dazu speichern: deine Analysen und Listen, die importierten Downloads, deine Verbindung zur offiziellen API und was sie erhoben hat, deine Support-Nachrichten, deine Anmeldecodes und die für deine Adresse gespeicherten E-Mails. Dein Abo endet sofort, ohne Erstattung, und wir bitten unseren Abrechnungsanbieter, deinen Namen, deine E-Mail-Adresse und deine Karte aus seinen Unterlagen zu löschen. Die App leert außerdem das Gerät, auf dem du sie nutzt (ihre lokale Datenbank und zwischengespeicherte Bilder), und wir bestätigen die Löschung mit einer letzten E-Mail.',
            'Was wir aufbewahren, weil Steuer- und Handelsrecht es verlangen: einen Nachweis jeder Zahlung (Datum, Betrag, Währung und Tarif), ohne Namen, E-Mail-Adresse oder Benutzernamen, so lange, wie dieses Recht es vorschreibt. Unser Abrechnungsanbieter bewahrt seine eigenen Rechnungen unter denselben Bedingungen auf.',
          ],
        },
        {
          heading: 'Cookies und lokaler Speicher',
          paragraphs: [
            'Followscope verwendet keine Werbe- oder Tracking-Cookies. Damit die App offline funktioniert, speichert sie deine Anmeldung und deine zwischengespeicherten Ergebnisse in der lokalen Datenbank deines Browsers auf deinem Gerät.',
            'Du kannst diese Daten entfernen, indem du dich abmeldest, „Daten löschen“ verwendest, dein Konto löschst oder den Speicher deines Browsers leerst.',
          ],
        },
        {
          heading: 'Sicherheit',
          paragraphs: [
            'Wir schützen deine Daten durch verschlüsselte Verbindungen (HTTPS) und beschränkte Zugriffsrechte. Einmalcodes und Anmelde-Tokens speichern wir nur gehasht, sodass sie selbst aus unserer Datenbank nicht lesbar sind.',
            'Kein System ist vollkommen sicher. Sollte es aber zu einer Datenpanne kommen, die deine Daten betrifft, informieren wir dich und die Behörden, wie es das Gesetz verlangt.',
          ],
        },
        {
          heading: 'Mindestalter',
          paragraphs: [
            'Followscope richtet sich an Personen ab 16 Jahren. Wir erheben nicht wissentlich Daten von jüngeren Personen. Wenn du glaubst, dass uns jemand unter 16 Jahren Daten übermittelt hat, melde dich bei uns und wir löschen sie.',
          ],
        },
        {
          heading: 'Änderungen und Kontakt',
          paragraphs: [
            'Wir können diese Erklärung aktualisieren. Das Datum der letzten Änderung steht oben auf dieser Seite, und über wichtige Änderungen informieren wir dich per E-Mail oder in der App.',
            'Bei Fragen oder Anliegen zum Datenschutz schreib an support@followscope.app.',
          ],
        },
      ],
    },
    it: {
      title: 'Informativa sulla privacy',
      updated: '2026-11-25',
      sections: [
        {
          heading: 'Chi siamo',
          paragraphs: [
            'Questa informativa spiega come Followscope tratta i tuoi dati personali quando usi la nostra app web e il nostro sito. Followscope è il titolare del trattamento di questi dati. Puoi scriverci in qualsiasi momento a support@followscope.app.',
          ],
        },
        {
          heading: 'Quali dati raccogliamo',
          paragraphs: [
            'Dati dell’account: il tuo indirizzo email e il nome utente dell’account del social network fotografico che ci chiedi di analizzare.',
            'Dati di analisi: i dati sui follower e le statistiche che calcoliamo per quell’account, ad esempio follower acquisiti e persi, chi non ti segue a sua volta, follower reciproci, visitatori del profilo, statistiche di post e reel e il sentiment dei commenti. Possono includere i nomi utente pubblici degli account che interagiscono con il tuo.',
            'Dati di utilizzo: informazioni tecniche di base, come quando accedi, quali funzioni usi, il tipo di dispositivo e di browser e i log degli errori. I dati di pagamento sono gestiti dal nostro fornitore di pagamenti (vedi sotto).',
          ],
        },
        {
          heading: 'Perché li usiamo',
          paragraphs: [
            'Usiamo i tuoi dati per farti accedere, fornirti le statistiche per cui paghi, gestire la prova e l’abbonamento, rispondere alle tue richieste di assistenza, mantenere sicuro il servizio e risolvere i problemi.',
            'Li trattiamo perché è necessario per fornirti il servizio che hai sottoscritto, per adempiere a obblighi di legge come la conservazione dei documenti fiscali e per il nostro legittimo interesse a mantenere Followscope sicuro e funzionante. Non vendiamo i tuoi dati e non li usiamo per la pubblicità.',
          ],
        },
        {
          heading: 'Pagamenti',
          paragraphs: [
            'I pagamenti con carta o Apple Pay sono elaborati dal nostro fornitore di pagamenti ricorrenti. Non vediamo né conserviamo mai il numero della tua carta. Riceviamo solo ciò che serve per gestire l’abbonamento, come il suo stato e le date e gli importi dei pagamenti.',
            'La prova gratuita di 7 giorni, i rinnovi automatici e i rimborsi richiesti entro 14 giorni passano tutti tramite lo stesso fornitore.',
          ],
        },
        {
          heading: 'Con chi li condividiamo',
          paragraphs: [
            'Condividiamo i dati solo con i fornitori che ci aiutano a far funzionare Followscope (il fornitore di pagamenti, il nostro provider di hosting e il servizio che invia le email di accesso) e solo nella misura in cui ne hanno bisogno. Possono usarli solo per nostro conto. Possiamo inoltre comunicare dati quando la legge lo richiede.',
          ],
        },
        {
          heading: 'Per quanto tempo li conserviamo',
          paragraphs: [
            'Conserviamo i dati dell’account e di analisi finché il tuo account è attivo. I risultati nella cache vengono aggiornati nel tempo e quelli più vecchi vengono eliminati quando non servono più.',
            'Quando cancelli i tuoi dati, li eliminiamo subito dai nostri server; quando elimini l’account, tutto ciò che lo riguarda viene eliminato subito (vedi «Disdire ed eliminare l’account»). I codici di accesso monouso scadono poco dopo l’invio. Una traccia di ogni pagamento viene conservata per il tempo richiesto dalle norme fiscali e contabili.',
          ],
        },
        {
          heading: 'I tuoi diritti',
          paragraphs: [
            'Hai il diritto di accedere ai tuoi dati personali, rettificarli, cancellarli ed esportarli, oltre che di opporti a determinati trattamenti o chiederne la limitazione.',
            'Puoi eliminare in qualsiasi momento i dati raccolti del tuo account con la voce «Cancella dati» del menu, e disdire l’abbonamento, esportare i tuoi dati o eliminare l’account da solo nella schermata Gestisci abbonamento. Per tutto il resto (una rettifica, per esempio) scrivi a support@followscope.app. Rispondiamo il prima possibile e sempre entro i termini di legge. Puoi anche presentare reclamo all’autorità per la protezione dei dati del tuo paese.',
          ],
        },
        {
          heading: 'Disdire ed eliminare l’account',
          paragraphs: [
            'Disdire: «Disdici abbonamento» nella schermata Gestisci abbonamento ferma il rinnovo con un clic. L’abbonamento resta attivo fino alla fine del periodo pagato, ti inviamo una conferma via email e, fino a quella data, «Mantieni il mio abbonamento» annulla la disdetta. Puoi anche disdire scrivendo a support@followscope.app.',
            'I tuoi dati possono essere esportati dalla schermata Gestisci abbonamento.',
            'Eliminare: «Elimina il mio account», nella stessa schermata, elimina, dopo la tua conferma, l’account e tutto ciò che ne conserviamo: le tue analisi e liste, i download importati, il collegamento all’API ufficiale e ciò che ha raccolto, i messaggi all’assistenza, i codici di accesso e le email conservate per il tuo indirizzo. L’abbonamento termina subito, senza rimborso, e chiediamo al nostro fornitore di fatturazione di cancellare dai suoi archivi il tuo nome, la tua email e la tua carta. L’app svuota anche il dispositivo su cui la usi (il suo database locale e le immagini nella cache) e ti inviamo un’ultima email per confermare l’eliminazione.',
            'Cosa conserviamo, perché le norme fiscali e contabili lo impongono: una traccia di ogni pagamento (data, importo, valuta e piano), senza nome, email o nome utente, per il tempo richiesto da quelle norme. Il nostro fornitore di fatturazione conserva le proprie fatture alle stesse condizioni.',
          ],
        },
        {
          heading: 'Cookie e archiviazione locale',
          paragraphs: [
            'Followscope non usa cookie pubblicitari o di tracciamento. Per funzionare offline, l’app salva il tuo accesso e i risultati nella cache nel database locale del browser, sul tuo dispositivo.',
            'Puoi rimuovere questi dati uscendo dall’account, usando «Cancella dati», eliminando l’account o svuotando l’archivio del browser.',
          ],
        },
        {
          heading: 'Sicurezza',
          paragraphs: [
            'Proteggiamo i tuoi dati con connessioni cifrate (HTTPS) e accessi limitati. I codici monouso e i token di accesso sono conservati solo in forma di hash, quindi non sono leggibili nemmeno dal nostro database.',
            'Nessun sistema è completamente sicuro, ma se si verifica una violazione che riguarda i tuoi dati, informeremo te e le autorità come previsto dalla legge.',
          ],
        },
        {
          heading: 'Età minima',
          paragraphs: [
            'Followscope è destinato a persone di almeno 16 anni. Non raccogliamo consapevolmente dati di persone più giovani. Se pensi che qualcuno con meno di 16 anni ci abbia fornito dei dati, contattaci e li elimineremo.',
          ],
        },
        {
          heading: 'Modifiche e contatti',
          paragraphs: [
            'Possiamo aggiornare questa informativa. In cima a questa pagina trovi la data dell’ultima modifica, e ti informeremo dei cambiamenti importanti via email o nell’app.',
            'Per qualsiasi domanda o richiesta sulla privacy, scrivi a support@followscope.app.',
          ],
        },
      ],
    },
    'pt-BR': {
      title: 'Política de Privacidade',
      updated: '2026-11-25',
      sections: [
        {
          heading: 'Quem somos',
          paragraphs: [
            'Esta política explica como o Followscope trata seus dados pessoais quando você usa nosso aplicativo web e nosso site. O Followscope é o controlador desses dados. Você pode falar com a gente a qualquer momento pelo e-mail support@followscope.app.',
          ],
        },
        {
          heading: 'Quais dados coletamos',
          paragraphs: [
            'Dados da conta: seu endereço de e-mail e o nome de usuário da conta da rede social de fotos que você pede para analisarmos.',
            'Dados de análise: os dados de seguidores e as estatísticas que calculamos para essa conta, por exemplo seguidores ganhos e perdidos, quem não segue você de volta, seguidores mútuos, visitantes do perfil, estatísticas de publicações e reels e o sentimento dos comentários. Eles podem incluir os nomes de usuário públicos das contas que interagem com a sua.',
            'Dados de uso: informações técnicas básicas, como quando você entra, quais funções usa, o tipo de dispositivo e de navegador e registros de erros. Os dados de pagamento ficam com nosso provedor de cobrança (veja abaixo).',
          ],
        },
        {
          heading: 'Por que usamos esses dados',
          paragraphs: [
            'Usamos seus dados para fazer seu login, entregar as estatísticas pelas quais você paga, gerenciar seu teste e sua assinatura, responder aos seus pedidos de suporte, manter o serviço seguro e corrigir problemas.',
            'Tratamos esses dados porque isso é necessário para prestar o serviço que você contratou, para cumprir obrigações legais, como guardar registros fiscais, e pelo nosso legítimo interesse em manter o Followscope seguro e funcionando bem. Não vendemos seus dados e não os usamos para publicidade.',
          ],
        },
        {
          heading: 'Pagamentos',
          paragraphs: [
            'Os pagamentos com cartão ou Apple Pay são processados pelo nosso provedor de cobrança recorrente. Nunca vemos nem guardamos o número do seu cartão. Recebemos apenas o necessário para gerenciar sua assinatura, como o status dela e as datas e valores dos pagamentos.',
            'Seu teste grátis de 7 dias, as renovações automáticas e os reembolsos pedidos em até 14 dias passam todos pelo mesmo provedor.',
          ],
        },
        {
          heading: 'Com quem compartilhamos',
          paragraphs: [
            'Só compartilhamos dados com prestadores de serviço que nos ajudam a operar o Followscope (o provedor de cobrança, nosso provedor de hospedagem e o serviço que envia nossos e-mails de login), e apenas na medida em que precisam deles. Eles só podem usá-los em nosso nome. Também podemos divulgar dados quando a lei exigir.',
          ],
        },
        {
          heading: 'Por quanto tempo guardamos',
          paragraphs: [
            'Guardamos os dados da sua conta e de análise enquanto sua conta estiver ativa. Os resultados em cache são atualizados com o tempo, e os mais antigos são apagados quando não são mais necessários.',
            'Quando você limpa seus dados, nós os apagamos dos nossos servidores na hora; quando você exclui sua conta, tudo o que diz respeito a ela é apagado na hora (veja “Cancelar e excluir sua conta”). Os códigos de login de uso único expiram pouco depois de enviados. Um registro de cada pagamento é guardado pelo tempo exigido pelas leis fiscais e contábeis.',
          ],
        },
        {
          heading: 'Seus direitos',
          paragraphs: [
            'Você tem direito de acessar, corrigir, excluir e exportar seus dados pessoais, além de se opor a certos tratamentos ou pedir que sejam limitados.',
            'Você pode apagar a qualquer momento os dados coletados da sua conta pela opção “Limpar dados” do menu, e cancelar sua assinatura, exportar seus dados ou excluir sua conta você mesmo na tela Gerenciar assinatura. Para todo o resto (uma correção, por exemplo), escreva para support@followscope.app. Respondemos o quanto antes e sempre dentro do prazo legal. Você também pode apresentar uma reclamação à autoridade de proteção de dados do seu país.',
          ],
        },
        {
          heading: 'Cancelar e excluir sua conta',
          paragraphs: [
            'Cancelar: “Cancelar assinatura” na tela Gerenciar assinatura interrompe a renovação com um clique. Sua assinatura continua ativa até o fim do período pago, enviamos uma confirmação por e-mail e, até essa data, “Manter minha assinatura” desfaz o cancelamento. Você também pode cancelar enviando um e-mail para support@followscope.app.',
            'Seus dados podem ser exportados pela tela Gerenciar assinatura.',
            'Excluir: “Excluir minha conta”, na mesma tela, exclui, depois que você confirma, sua conta e tudo o que guardamos sobre ela: suas análises e listas, os downloads que você importou, sua conexão com a API oficial e o que ela coletou, suas mensagens ao suporte, seus códigos de acesso e os e-mails guardados para o seu endereço. Sua assinatura termina na hora, sem reembolso, e pedimos ao nosso provedor de cobrança que apague dos registros dele seu nome, seu e-mail e seu cartão. O app também esvazia o dispositivo em que você o usa (o banco de dados local e as imagens em cache), e enviamos um último e-mail para confirmar a exclusão.',
            'O que guardamos, porque as leis fiscais e contábeis exigem: um registro de cada pagamento (data, valor, moeda e plano), sem nome, e-mail ou nome de usuário, pelo tempo que essas leis exigirem. Nosso provedor de cobrança guarda as próprias faturas nas mesmas condições.',
          ],
        },
        {
          heading: 'Cookies e armazenamento local',
          paragraphs: [
            'O Followscope não usa cookies de publicidade nem de rastreamento. Para funcionar offline, o app guarda seu login e seus resultados em cache no banco de dados local do navegador, no seu dispositivo.',
            'Você pode remover esses dados saindo da conta, usando “Limpar dados”, excluindo sua conta ou limpando o armazenamento do navegador.',
          ],
        },
        {
          heading: 'Segurança',
          paragraphs: [
            'Protegemos seus dados com conexões criptografadas (HTTPS) e acesso restrito. Os códigos de uso único e os tokens de login são guardados apenas em forma de hash, então não podem ser lidos nem mesmo a partir do nosso banco de dados.',
            'Nenhum sistema é totalmente seguro, mas, se ocorrer um incidente que afete seus dados, avisaremos você e as autoridades, conforme exigido por lei.',
          ],
        },
        {
          heading: 'Idade mínima',
          paragraphs: [
            'O Followscope é destinado a pessoas com 16 anos ou mais. Não coletamos intencionalmente dados de pessoas mais novas. Se você acredita que alguém com menos de 16 anos nos forneceu dados, fale com a gente e vamos apagá-los.',
          ],
        },
        {
          heading: 'Alterações e contato',
          paragraphs: [
            'Podemos atualizar esta política. A data da última alteração aparece no topo desta página, e avisaremos você sobre mudanças importantes por e-mail ou no app.',
            'Para qualquer dúvida ou pedido sobre privacidade, escreva para support@followscope.app.',
          ],
        },
      ],
    },
  },
};
