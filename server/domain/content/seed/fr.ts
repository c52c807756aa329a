// French content, translated from en.ts (the source): same ids, links, numbers and HTML tags.
// Honest-money copy (DESIGN §1) keeps its exact meaning: no promised returns, risks stated.
// One paragraph or list item per line, like en.ts. French typography: no-break spaces before
// « : ; ? ! » and inside guillemets (U+00A0 / U+202F), digits grouped with U+202F.
import { frDocuments } from "./documents/fr";
import { frHelp } from "./help/fr";
import type { LangContent } from "./types";

export const fr: LangContent = {
  settings: {
    pitch: {
      title: "Un trading que vous pouvez vérifier",
      subtitle:
        "Le trading au comptant, le trading de contrats à effet de levier et les options hausse/baisse sur le flux de marché en direct, chaque solde issu d’un grand livre en partie double et chaque résultat ouvert à l’inspection.",
      points: [
        {
          title: "Trading au comptant et de contrats",
          text: "Les ordres au comptant au marché et à cours limité s’exécutent face au carnet d’ordres en direct, et chaque exécution enregistre le carnet et le tick utilisés. Les positions sur contrats sont longues ou courtes, avec effet de levier et marge isolée, et Quanta (la maison) en est la contrepartie aux prix du flux de marché. Le levier multiplie les pertes, et une liquidation fait perdre toute la marge de la position.",
        },
        {
          title: "Options hausse/baisse",
          text: "Vous pariez sur un prix plus haut ou plus bas après un nombre de secondes fixé. Un gain rapporte votre mise plus le rendement annoncé, une perte coûte toute la mise et une égalité rend la mise ; des frais sont prélevés à chaque achat. Quanta (la maison) est la contrepartie, aux prix enregistrés du flux de marché.",
        },
        {
          title: "Des USDT qui entrent et sortent",
          text: "Les dépôts en USDT (ERC20) sont vérifiés sur la chaîne. Chaque retrait est approuvé ou refusé avec un motif indiqué, et aucun frais n’est jamais demandé pour le débloquer.",
        },
        {
          title: "Vérifiable, sans rendement promis",
          text: "Les transactions, les positions sur contrats et les options ne sont réglées qu’à partir de ticks de marché enregistrés et chaînés par hachage, et chacun peut recalculer chaque résultat ; chaque option réglée et chaque liquidation, take-profit ou stop-loss a son bouton Vérifier dans l’application. Vous pouvez perdre de l’argent, y compris toute votre mise ou toute votre marge, et en moyenne une prédiction à 50/50 sur une option perd de l’argent.",
        },
      ],
    },
    subscribe: {
      title: "Newsletter",
      text: "Des e-mails occasionnels sur les nouveautés du produit et les changements de frais ou de conditions. Pas de spam, et nous ne vendons jamais votre adresse. Pour la faire supprimer, écrivez au support.",
    },
    footer: {
      operator:
        "Cette instance de Quanta est exploitée par son opérateur. En mode démo, aucun fonds réel n’est déplacé.",
      copyright: "© 2026 Quanta",
    },
  },

  links: {
    "live-chat": "Contacter le support (adresse d’exemple)",
    "messaging-app": "Support sur Matrix (adresse d’exemple)",
    "help-centre": "Centre d’aide",
    "community-guidelines": "Règles de la communauté",
    "user-agreement": "Conditions d’utilisation",
    "privacy-policy": "Politique de confidentialité",
    "partner-ethereum": "Ethereum – réseau de règlement",
    "partner-tether": "Tether USDT (ERC20) – actif de dépôt",
    "partner-binance-data": "Données de marché publiques de Binance (flux de production)",
    "partner-foundry": "Foundry anvil – chaîne de démo",
  },

  articles: {
    "is-profit-guaranteed": {
      title: "Le profit est-il garanti ?",
      summary:
        "Non. Toute opération peut perdre de l’argent, et les prix passés ne prédisent pas les prix futurs.",
      body: [
        "<p><strong>Non.</strong> Aucune opération sur Quanta ne garantit un profit, et personne travaillant pour Quanta ne peut vous en promettre un. Si quelqu’un le fait, considérez-le comme un signal d’alerte et signalez-le au support.</p>",
        "<h2>Pourquoi vous pouvez perdre de l’argent</h2>",
        "<ul>",
        "<li><strong>Les marchés changent.</strong> Les tendances qu’une stratégie a apprises sur des données passées peuvent cesser de fonctionner sans prévenir.</li>",
        "<li><strong>Frais.</strong> Les frais sont prélevés qu’une transaction soit gagnante ou perdante.</li>",
        "<li><strong>Effet de levier.</strong> Le levier multiplie les pertes autant que les gains. Un mouvement contre une position sur contrats de 1/levier moins le taux de marge de maintien la liquide : à 20× avec une marge de maintien de 0,5 %, un mouvement d’environ 4,5 %. Une liquidation fait perdre toute la marge de la position.</li>",
        "<li><strong>Options hausse/baisse.</strong> Un gain rend la mise plus moins de 100 % de celle-ci, et des frais sont prélevés à chaque achat : en moyenne, une prédiction à 50/50 perd donc de l’argent.</li>",
        "</ul>",
        "<p>Vous pouvez perdre toute votre mise, et toute la marge d’une position sur contrats.</p>",
        "<h2>Ce que Quanta promet réellement</h2>",
        "<ul>",
        "<li>Les résultats proviennent uniquement de prix de marché enregistrés, selon des règles publiées. Personne ne peut choisir pour vous un gain ou une perte.</li>",
        "<li>Les frais sont affichés avant que vous ne confirmiez.</li>",
        "<li>Un retrait est approuvé ou refusé avec un motif indiqué, et l’on ne vous demandera jamais de payer quoi que ce soit pour le débloquer.</li>",
        "</ul>",
        "<p>Ne tradez qu’avec de l’argent que vous pouvez vous permettre de perdre.</p>",
      ].join("\n"),
    },

    ...frDocuments,
    ...frHelp,

    "welcome-to-quanta": {
      title: "Bienvenue sur Quanta",
      summary:
        "Une app de trading à laquelle vous vous connectez avec votre propre portefeuille. Elle tient un registre en partie double et règle chaque transaction sur des prix enregistrés.",
      body: [
        "<p>Quanta est une application de trading à laquelle vous vous connectez avec votre propre portefeuille Ethereum. Elle propose le trading au comptant avec des ordres au marché et à cours limité et, là où cette instance les propose, le trading de contrats à effet de levier et les options hausse/baisse, avec des dépôts et retraits en USDT (ERC20), en 11 langues. Elle s’installe comme une application, continue de fonctionner hors ligne et indique toujours la fraîcheur de ses données.</p>",
        "<h2>Conçue pour être vérifiée</h2>",
        "<p>Les apps de ce type ont mauvaise réputation : faux soldes, règlements truqués, retraits bloqués. Quanta est conçue pour être différente, preuves à l’appui.</p>",
        "<ul>",
        "<li><strong>Pas d’argent sorti de nulle part.</strong> Chaque solde est la somme des écritures d’un registre en partie double, dans lequel chaque transaction s’équilibre à zéro.</li>",
        "<li><strong>Pas de résultats choisis.</strong> Les transactions sont réglées uniquement à partir de ticks de marché enregistrés et chaînés par hachage, selon des règles publiées, et chaque ordre réglé indique les ticks utilisés.</li>",
        "<li><strong>Les retraits ne sont jamais pris en otage.</strong> Chaque demande est approuvée ou refusée avec un motif indiqué, et ni frais, ni taxe, ni dépôt ne sont jamais exigés pour débloquer des fonds.</li>",
        "<li><strong>Des textes sincères.</strong> Des avertissements sur les risques là où ils s’appliquent, aucun rendement promis et aucune promesse de produits qui n’existent pas encore.</li>",
        "</ul>",
        '<p>Le trading est risqué et vous pouvez perdre de l’argent. Commencez par le <a href="/data?category=help">centre d’aide</a>. Si cette instance fonctionne en mode démo, vous pouvez d’abord tout essayer avec des fonds de démo.</p>',
      ].join("\n"),
    },

    "how-settlements-are-verified": {
      title: "Comment les règlements sont vérifiés",
      summary:
        "Chaque transaction est réglée à partir de ticks de marché enregistrés et chaînés par hachage, symbole par symbole. Voici comment recalculer un résultat et vérifier la chaîne.",
      body: [
        "<p>Sur Quanta, personne ne décide si une transaction est gagnante ou perdante. Chaque règlement est calculé à partir de <strong>ticks de marché enregistrés</strong>, chacun avec un prix, une heure et un numéro de séquence, selon une règle publiée. Chaque ordre réglé indique les ticks utilisés.</p>",
        "<h2>La chaîne de ticks</h2>",
        "<p>Les ticks sont chaînés symbole par symbole, comme les blocs d’une blockchain. Chaque tick porte un hachage : le SHA-256 du texte <em>hachage précédent|numéro de séquence|prix|heure</em>, écrit en hexadécimal minuscule. Le premier tick d’un symbole utilise 64 zéros comme hachage précédent. Modifier un tick enregistré changerait son hachage et tous les hachages suivants.</p>",
        "<h2>Vérifiez par vous-même</h2>",
        "<ol>",
        "<li>Lisez le maillon le plus récent de la chaîne d’un symbole sur <strong>/api/v1/market/ticks/head</strong> (par exemple avec ?symbol=BTC/USDT) et conservez son hachage.</li>",
        "<li>Lisez les ticks entourant votre ordre sur <strong>/api/v1/market/ticks</strong> avec le symbole et une plage horaire (from, to).</li>",
        "<li>Recalculez chaque hachage à partir du précédent, en utilisant le prix et l’heure exactement tels qu’ils sont fournis. Chacun doit correspondre, et la chaîne doit aboutir à la tête que vous avez conservée.</li>",
        "</ol>",
        "<p>Si vous conservez le hachage de tête que vous avez vu, toute réécriture ultérieure de ticks antérieurs ne peut passer inaperçue : la chaîne recalculée n’y aboutirait plus.</p>",
        "<h2>Options hausse/baisse</h2>",
        "<p>L’entrée d’une option est le premier tick enregistré après l’acceptation de l’achat, et sa sortie le dernier tick enregistré à l’échéance ou avant. Vérifier, sur chaque option réglée dans l’application, contrôle la chaîne et recalcule le résultat ; <strong>npm run verify -- options</strong> fait de même en ligne de commande.</p>",
        "<h2>Positions sur contrats</h2>",
        "<p>Une position sur contrats n’est liquidée, ou fermée par son take-profit ou son stop-loss, que par un tick enregistré après le tick de son ouverture, au prix de ce tick : le premier tick qui atteint l’un de ses niveaux décide, et la position fermée l’indique. Vérifier, sur une telle position dans l’application, contrôle la chaîne du tick d’ouverture jusqu’à ce tick, vérifie qu’aucun tick intermédiaire n’a atteint un niveau, et contrôle le résultat.</p>",
        "<p>Un take-profit ou un stop-loss compte à partir du premier tick enregistré après qu’il a été fixé : la position enregistre le tick le plus récent à ce moment, et Vérifier contrôle à partir de là. Un prix de liquidation ne change jamais.</p>",
        "<p>Ces adresses sont publiques et ne nécessitent pas de compte. Si un résultat ne correspond pas, contactez le support en indiquant l’identifiant de l’ordre.</p>",
      ].join("\n"),
    },

    "demo-mode-explained": {
      title: "Le mode démo expliqué",
      summary:
        "En mode démo, le marché est simulé, la chaîne est une chaîne de test locale et les soldes sont des fonds de démo. Rien de tout cela n’a de valeur monétaire.",
      body: [
        "<p>Quanta fonctionne dans l’un de deux modes. Le mode démo est le mode par défaut lorsque le logiciel est lancé sur une seule machine ; il sert à essayer le produit sans risque.</p>",
        "<h2>Ce qui change en mode démo</h2>",
        "<ul>",
        "<li><strong>Marché simulé.</strong> Les prix proviennent d’un simulateur dont la volatilité et les carnets d’ordres sont réalistes, et non d’une véritable plateforme d’échange. Ses ticks sont enregistrés et chaînés par hachage comme ceux d’un flux réel, si bien que le règlement fonctionne comme en production.</li>",
        "<li><strong>Chaîne de test locale.</strong> Les dépôts et les retraits utilisent une chaîne de développement locale (anvil de Foundry) avec un jeton USDT de test sans valeur. Un faucet envoie des USDT de test à votre portefeuille.</li>",
        "<li><strong>Fonds de démo.</strong> Vous pouvez ajouter des fonds de démo à votre solde. Ils apparaissent dans vos mouvements sous le libellé « Fonds de démo », de sorte qu’ils ne peuvent jamais être confondus avec un dépôt.</li>",
        "<li><strong>Portefeuille de démo.</strong> Si vous n’avez pas de portefeuille, l’app peut créer un portefeuille de démo dont la clé est conservée dans votre navigateur. Utilisez-le uniquement en mode démo.</li>",
        "</ul>",
        "<p>Chaque écran est signalé tant que le mode démo est activé.</p>",
        "<h2>Ce qui ne change pas</h2>",
        "<p>Le registre, les règles de règlement, l’affichage des frais et les règles de retrait reposent sur le même code qu’en production. Un résultat en mode démo est un résultat réel de ces règles appliquées à des prix simulés, mais des prix simulés ne sont pas des prix de marché : il ne dit rien de ce que vous gagneriez en production.</p>",
        "<h2>La démo ne devient jamais la production</h2>",
        "<p>Les fonctions de démo n’existent qu’en mode démo. Un serveur en mode production refuse de démarrer si l’une d’elles est activée, et une base de données utilisée dans un mode refuse un serveur de l’autre mode : les fonds de démo ne peuvent donc jamais devenir de l’argent réel.</p>",
      ].join("\n"),
    },

    "our-withdrawal-promise": {
      title: "Notre engagement sur les retraits",
      summary:
        "Chaque retrait est approuvé ou refusé avec un motif indiqué. Ni frais, ni taxe, ni dépôt, ni tâche ne sont jamais exigés pour débloquer vos fonds.",
      body: [
        "<p>Une arnaque courante dans les apps de trading est le retrait qui n’arrive jamais : le solde semble correct jusqu’à ce que vous tentiez de le retirer, et l’on vous demande alors de payer d’abord une « taxe », des « frais de déblocage » ou un « dépôt », ou d’accomplir des « tâches ». Quanta est conçue pour que les choses ne puissent jamais se passer ainsi.</p>",
        "<h2>L’engagement</h2>",
        "<ul>",
        "<li>Chaque demande de retrait est soit <strong>approuvée et envoyée</strong>, soit <strong>refusée avec un motif indiqué</strong>. En cas de refus, le montant est restitué à votre solde disponible.</li>",
        "<li>Les seuls frais sont les frais de retrait affichés <strong>avant</strong> que vous ne confirmiez, avec les montants minimum et maximum.</li>",
        "<li>Nous n’exigeons <strong>jamais</strong> de frais, de taxe, de dépôt, de volume de trading ni de tâche pour débloquer vos fonds. Le logiciel ne comporte aucune option de ce type.</li>",
        "</ul>",
        "<h2>Ce que vous pouvez voir</h2>",
        "<p>Chaque retrait affiche son statut (en cours d’examen, approuvé et en cours d’envoi, réussi ou échoué), les frais, l’adresse de destination et, une fois envoyé, le hachage de la transaction, à consulter dans un explorateur de blocs. Pendant l’examen d’un retrait, son montant est gelé dans votre registre ; il est ensuite soit débité, soit restitué, une seule et unique fois.</p>",
        "<blockquote>Si quelqu’un, y compris une personne se présentant comme le support de Quanta, vous demande de payer pour débloquer un retrait, c’est une arnaque. Ne payez pas, et signalez-le.</blockquote>",
      ].join("\n"),
    },

    "market-data-sources": {
      title: "D’où viennent nos données de marché",
      summary:
        "Les instances de démo utilisent un simulateur de marché à graine ; les instances de production, le flux public d’une plateforme d’échange. Les deux sont enregistrés et chaînés par hachage.",
      body: [
        "<p>Chaque prix que vous voyez et chaque règlement sur Quanta proviennent d’un unique flux de marché par instance. Le flux utilisé dépend du mode.</p>",
        "<h2>Mode démo : un simulateur</h2>",
        "<p>Un simulateur initialisé par une graine produit des prix avec une volatilité, une profondeur de carnet d’ordres et un historique reconstitué réalistes. Il n’est relié à aucun marché réel, et ses prix ne sont pas de vrais prix.</p>",
        "<h2>Mode production : le flux public d’une plateforme d’échange</h2>",
        '<p>Les instances de production lisent les données de marché publiques d’une grande plateforme d’échange, comme les <a href="https://www.binance.com/en/binance-api">données de marché publiques de Binance</a>. Quanta n’est pas affiliée à cette plateforme et ne lui transmet pas vos ordres : l’opérateur les exécute face au carnet d’ordres du flux, selon des règles publiées.</p>',
        "<h2>Enregistrées dans tous les cas</h2>",
        '<p>Quelle que soit la source, chaque tick est enregistré avec un numéro de séquence et chaîné par hachage avant d’être utilisé, de sorte que chaque règlement peut être recalculé ultérieurement ; voir <a href="/data/detail?id=how-settlements-are-verified">Comment les règlements sont vérifiés</a>. Lorsque le flux est interrompu, les prix sont signalés comme obsolètes et les ordres au prix du marché sont suspendus jusqu’à l’arrivée de données à jour.</p>',
      ].join("\n"),
    },
  },
};
