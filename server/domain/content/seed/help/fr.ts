// French answers of the help centre about AI quant plans and the weighted score, translated from
// ./en.ts: same ids, links, HTML tags and meaning; the score's numbers come from the protocol.
import type { HelpAnswers } from "../types";
import { weightedScoreArticle } from "./weighted-score-article";

export const frHelp: HelpAnswers = {
  "what-is-ai-quant-trading": {
    title: "Qu’est-ce que le trading quantitatif par IA ?",
    summary:
      "Des plans qui tradent selon des règles écrites et publiées, avec des paramètres choisis par une recherche testée sur des données qu’elle n’a pas utilisées. Personne ne promet ce qu’un plan gagnera.",
    body: [
      "<p>Sur Quanta, le trading quantitatif par IA, ce sont les <strong>plans quantitatifs IA</strong> : vous placez un montant dans un plan, et la stratégie du plan le fait travailler sur le marché en direct pendant la durée du plan, aux mêmes prix et frais que les ordres spot. Ce que le plan a gagné ou perdu est comptabilisé à sa fin.</p>",
      "<h2>Ce qu’est l’« IA »</h2>",
      "<p>L’« IA » est une recherche de paramètres avec validation walk-forward, et nous l’appelons ainsi : le laboratoire essaie une grille limitée de jeux de paramètres d’une stratégie sur une fenêtre de bougies passées et teste le meilleur jeu sur la fenêtre suivante, qu’il n’a pas vue. Aucun modèle ne prédit les prix, et personne ne passe à la main les trades d’un plan.</p>",
      "<h2>Les stratégies</h2>",
      "<ul>",
      "<li><strong>Suivi de tendance</strong> garde la crypto tant qu’une moyenne mobile rapide est au-dessus d’une lente. Elle perd dans les marchés agités sans tendance et lors de krachs soudains.</li>",
      "<li><strong>Retour à la moyenne</strong> achète quand le prix passe sous sa bande de Bollinger inférieure et vend à la moyenne. Elle perd quand un repli se transforme en chute.</li>",
      "<li><strong>Grille</strong> achète une unité chaque fois que le prix baisse d’un palier et la revend un palier plus haut. Elle perd quand le prix sort de la grille.</li>",
      "</ul>",
      "<h2>Ce que vous voyez</h2>",
      "<ul>",
      "<li>Chaque plan affiche son dernier backtest sur 30 jours, dès qu’il a été exécuté, avec ses hypothèses (frais, glissement, exécution à l’ouverture de la bougie suivante), jamais un rendement promis.</li>",
      "<li>Chaque plan a une limite de gain, une limite de perte et une date de livraison ; il se termine et vend dès que la première est atteinte.</li>",
      "<li>Chaque trade indique le tick de marché enregistré qu’il a utilisé.</li>",
      "</ul>",
      '<p>Quanta (la maison) est la contrepartie : elle paie le gain d’un plan et garde sa perte. Certains plans utilisent un effet de levier, qui multiplie les pertes autant que les gains. Vous pouvez perdre jusqu’à la totalité du montant placé dans un plan ; voir <a href="/data/detail?id=is-profit-guaranteed">Le profit est-il garanti ?</a></p>',
    ].join("\n"),
  },

  "ai-quant-advantages": {
    title: "Quels sont les avantages du trading quantitatif par IA ?",
    summary:
      "Des règles plutôt que des humeurs, testées sur des données passées, des limites fixées à l’avance et chaque trade vérifiable. Cela ne supprime pas le risque.",
    body: [
      "<p>Un plan suit des règles écrites. Par rapport au trading à la main, cela apporte de vrais avantages, et cela a des limites que vous devez connaître.</p>",
      "<h2>Avantages</h2>",
      "<ul>",
      "<li><strong>Discipline.</strong> La stratégie agit à chaque bougie d’une minute clôturée selon la même règle, jour et nuit, sans peur ni avidité.</li>",
      "<li><strong>Testé avant usage.</strong> Vous pouvez lancer des backtests et des optimisations walk-forward dans le laboratoire sur le marché enregistré, et chaque plan affiche son dernier backtest sur 30 jours avec ses hypothèses.</li>",
      "<li><strong>Limites fixées à l’avance.</strong> Chaque plan a une limite de gain, une limite de perte et une date de livraison. Votre montant est gelé pendant qu’il tourne, et ce qu’il a gagné ou perdu est comptabilisé à la fin.</li>",
      "<li><strong>Vérifiable.</strong> Chaque trade indique le tick de marché enregistré et chaîné par hachage qu’il a utilisé, pour que chacun puisse le recalculer.</li>",
      "</ul>",
      "<h2>Limites</h2>",
      "<ul>",
      "<li>Un backtest n’est pas une prévision. Les marchés changent, et une stratégie qui a bien fonctionné sur des données passées peut perdre.</li>",
      "<li>Des frais sont payés sur chaque trade, gagnant ou perdant.</li>",
      '<li>Chaque stratégie a des marchés où elle perd ; <a href="/data/detail?id=what-is-ai-quant-trading">Qu’est-ce que le trading quantitatif par IA ?</a> les nomme.</li>',
      "</ul>",
      "<p>Aucun plan ne garantit un gain. N’y placez que de l’argent que vous pouvez vous permettre de perdre.</p>",
    ].join("\n"),
  },

  "what-is-the-weighted-score": weightedScoreArticle("fr", {
    title: "Qu’est-ce que le score pondéré ?",
    summary:
      "Un score de 0 à 1 000 calculé à partir de vos dépôts, de vos jours de trading et de vos backtests. Avec la vérification d’identité, il fixe votre niveau de crédit et votre quota de plans.",
    intro: [
      "Le score pondéré mesure votre usage de Quanta : votre <strong>limite totale</strong> (ce que vous avez déposé), vos <strong>habitudes d’utilisation</strong> (à quelle fréquence vous tradez) et votre <strong>contribution à l’entraînement des modèles</strong> (les backtests que vous lancez). Avec la vérification d’identité, il fixe votre niveau de crédit, et votre niveau de crédit fixe les plans quantitatifs IA que vous pouvez rejoindre et combien vous pouvez y détenir. C’est le critère de base pour devenir investisseur sur Quanta.",
    ],
    formulaHeading: "Comment il est calculé",
    totalLimit: (weight, full) =>
      `<strong>Limite totale</strong> = ${weight} × min(1, dépôts crédités ÷ ${full} USDT). Chaque dépôt crédité sur votre compte compte ; les fonds de démonstration ne comptent pas, et les retraits ne la réduisent pas.`,
    usageHabits: (weight, window) =>
      `<strong>Habitudes d’utilisation</strong> = ${weight} × jours avec une transaction parmi les ${window} derniers ÷ ${window}. Un jour (UTC) compte si vous avez eu une exécution spot, acheté une option, ouvert ou fermé une position de contrat ou lancé un plan ; il sort de la fenêtre ${window} jours plus tard.`,
    contribution: (weight, full) =>
      `<strong>Contribution à l’entraînement des modèles</strong> = ${weight} × min(1, (backtests lancés + stratégies partagées) ÷ ${full}). Vos backtests et optimisations terminés dans le laboratoire comptent ; le partage de stratégies n’est pas encore proposé, cette partie vaut donc 0.`,
    sum: (max) =>
      `Chaque terme est arrondi à l’entier inférieur, et le score est leur somme, de 0 à ${max}. Il est recalculé chaque jour et peu après un dépôt, une transaction ou un backtest terminé.`,
    levelsHeading: "Niveaux de crédit",
    levelUnverified: (level, quota) =>
      `<strong>Niveau ${level}</strong> : identité non vérifiée. Quota de plans ${quota} USDT.`,
    levelVerified: (level, quota) =>
      `<strong>Niveau ${level}</strong> : identité vérifiée. Quota de plans ${quota} USDT.`,
    levelScore: (level, minScore, quota) =>
      `<strong>Niveau ${level}</strong> : identité vérifiée et un score d’au moins ${minScore}. Quota de plans ${quota} USDT.`,
    outro: [
      "Le quota de plans est le maximum que vous pouvez détenir à la fois dans des plans en cours. Un score seul ne fait jamais passer un compte sans vérification d’identité au-dessus du premier niveau.",
      'Votre propre score, chaque terme avec ce qui a été compté, et ce qu’il faut pour votre niveau suivant se trouvent dans <a href="/my">Actifs</a>. Le score ne promet aucun rendement et n’accorde aucun crédit : Quanta ne propose pas de prêts.',
    ],
  }),
};
