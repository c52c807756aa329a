// German answers of the help centre about AI quant plans and the weighted score, translated from
// ./en.ts: same ids, links, HTML tags and meaning; the score's numbers come from the protocol.
import type { HelpAnswers } from "../types";
import { weightedScoreArticle } from "./weighted-score-article";

export const deHelp: HelpAnswers = {
  "what-is-ai-quant-trading": {
    title: "Was ist KI-Quant-Trading?",
    summary:
      "Pläne, die nach schriftlichen, veröffentlichten Regeln handeln, mit Parametern aus einer Suche, die an nicht verwendeten Daten geprüft wird. Niemand verspricht, was ein Plan verdient.",
    body: [
      "<p>Bei Quanta bedeutet KI-Quant-Trading <strong>KI-Quant-Pläne</strong>: Sie legen einen Betrag in einen Plan, und die Strategie des Plans handelt damit für die Laufzeit des Plans am Live-Markt, zu denselben Preisen und Gebühren wie Spot-Orders. Was der Plan verdient oder verloren hat, wird bei seinem Ende gebucht.</p>",
      "<h2>Was die „KI“ ist</h2>",
      "<p>Die „KI“ ist eine Parametersuche mit Walk-Forward-Validierung, und so nennen wir sie auch: Das Labor probiert ein begrenztes Raster von Parametersätzen einer Strategie an einem Fenster vergangener Kerzen aus und prüft den besten Satz am nächsten Fenster, das es nicht gesehen hat. Es gibt kein Modell, das Preise vorhersagt, und niemand platziert die Trades eines Plans von Hand.</p>",
      "<h2>Die Strategien</h2>",
      "<ul>",
      "<li><strong>Trendfolge</strong> hält die Coin, solange ein schneller gleitender Durchschnitt über einem langsamen liegt. Sie verliert in unruhigen Seitwärtsmärkten und bei plötzlichen Crashs.</li>",
      "<li><strong>Mean Reversion</strong> kauft, wenn der Preis unter sein unteres Bollinger-Band fällt, und verkauft beim Durchschnitt. Sie verliert, wenn aus einem Rücksetzer ein Absturz wird.</li>",
      "<li><strong>Grid</strong> kauft jedes Mal eine Einheit, wenn der Preis um eine Stufe fällt, und verkauft sie eine Stufe höher. Es verliert, wenn der Preis das Raster verlässt.</li>",
      "</ul>",
      "<h2>Was Sie sehen</h2>",
      "<ul>",
      "<li>Jeder Plan zeigt seinen neuesten 30-Tage-Backtest, sobald einer gelaufen ist, mit seinen Annahmen (Gebühr, Slippage, Ausführung zur Eröffnung der nächsten Kerze), nie eine versprochene Rendite.</li>",
      "<li>Jeder Plan hat ein Gewinnlimit, ein Verlustlimit und einen Lieferzeitpunkt; er endet und verkauft, sobald das Erste davon erreicht ist.</li>",
      "<li>Jeder Trade nennt den aufgezeichneten Markt-Tick, den er verwendet hat.</li>",
      "</ul>",
      '<p>Quanta (das Haus) ist die Gegenpartei: Es zahlt den Gewinn eines Plans und behält seinen Verlust. Manche Pläne nutzen Hebel, der Verluste ebenso vervielfacht wie Gewinne. Sie können bis zum ganzen Betrag verlieren, den Sie in einen Plan legen; siehe <a href="/data/detail?id=is-profit-guaranteed">Ist Gewinn garantiert?</a></p>',
    ].join("\n"),
  },

  "ai-quant-advantages": {
    title: "Welche Vorteile hat KI-Quant-Trading?",
    summary:
      "Regeln statt Launen, an vergangenen Daten geprüft, Limits im Voraus festgelegt und jeder Trade überprüfbar. Das Risiko beseitigt es nicht.",
    body: [
      "<p>Ein Plan folgt schriftlichen Regeln. Gegenüber dem Handel von Hand bringt das echte Vorteile, und es hat Grenzen, die Sie kennen sollten.</p>",
      "<h2>Vorteile</h2>",
      "<ul>",
      "<li><strong>Disziplin.</strong> Die Strategie handelt bei jeder geschlossenen Ein-Minuten-Kerze nach derselben Regel, Tag und Nacht, ohne Angst oder Gier.</li>",
      "<li><strong>Vor dem Einsatz geprüft.</strong> Sie können im Labor Backtests und Walk-Forward-Optimierungen auf dem aufgezeichneten Markt ausführen, und jeder Plan zeigt seinen neuesten 30-Tage-Backtest mit seinen Annahmen.</li>",
      "<li><strong>Limits im Voraus.</strong> Jeder Plan hat ein Gewinnlimit, ein Verlustlimit und einen Lieferzeitpunkt. Ihr Betrag ist während der Laufzeit eingefroren, und was er verdient oder verloren hat, wird am Ende gebucht.</li>",
      "<li><strong>Überprüfbar.</strong> Jeder Trade nennt den aufgezeichneten, hash-verketteten Markt-Tick, den er verwendet hat, sodass jeder ihn nachrechnen kann.</li>",
      "</ul>",
      "<h2>Grenzen</h2>",
      "<ul>",
      "<li>Ein Backtest ist keine Prognose. Märkte ändern sich, und eine Strategie, die mit vergangenen Daten gut abschnitt, kann verlieren.</li>",
      "<li>Gebühren fallen bei jedem Trade an, ob er gewinnt oder verliert.</li>",
      '<li>Jede Strategie hat Märkte, in denen sie verliert; <a href="/data/detail?id=what-is-ai-quant-trading">Was ist KI-Quant-Trading?</a> nennt sie.</li>',
      "</ul>",
      "<p>Kein Plan garantiert einen Gewinn. Legen Sie nur Geld ein, dessen Verlust Sie sich leisten können.</p>",
    ].join("\n"),
  },

  "what-is-the-weighted-score": weightedScoreArticle("de", {
    title: "Was ist die gewichtete Punktzahl?",
    summary:
      "Eine Punktzahl von 0 bis 1.000 aus Ihren Einzahlungen, Ihren Handelstagen und Ihren Backtests. Mit der Identitätsprüfung bestimmt sie Ihre Kreditstufe und Ihr Plankontingent.",
    intro: [
      "Die gewichtete Punktzahl misst, wie Sie Quanta nutzen: Ihr <strong>Gesamtlimit</strong> (was Sie eingezahlt haben), Ihre <strong>Nutzungsgewohnheiten</strong> (wie oft Sie handeln) und Ihren <strong>Beitrag zum Modelltraining</strong> (die Backtests, die Sie ausführen). Zusammen mit der Identitätsprüfung bestimmt sie Ihre Kreditstufe, und die Kreditstufe bestimmt, welchen KI-Quant-Plänen Sie beitreten und wie viel Sie darin halten können. Sie ist das grundlegende Kriterium, um bei Quanta Investor zu werden.",
    ],
    formulaHeading: "So wird sie berechnet",
    totalLimit: (weight, full) =>
      `<strong>Gesamtlimit</strong> = ${weight} × min(1, gutgeschriebene Einzahlungen ÷ ${full} USDT). Jede Ihrem Konto gutgeschriebene Einzahlung zählt; Demo-Guthaben zählt nicht, und Auszahlungen senken den Wert nicht.`,
    usageHabits: (weight, window) =>
      `<strong>Nutzungsgewohnheiten</strong> = ${weight} × Tage mit einem Handel in den letzten ${window} ÷ ${window}. Ein Tag (UTC) zählt, wenn Sie eine Spot-Ausführung hatten, eine Option gekauft, eine Kontraktposition eröffnet oder geschlossen oder einen Plan gestartet haben; er fällt ${window} Tage später aus dem Fenster.`,
    contribution: (weight, full) =>
      `<strong>Beitrag zum Modelltraining</strong> = ${weight} × min(1, (ausgeführte Backtests + geteilte Strategien) ÷ ${full}). Ihre abgeschlossenen Backtests und Optimierungen im Labor zählen; das Teilen von Strategien wird noch nicht angeboten, dieser Teil ist also 0.`,
    sum: (max) =>
      `Jeder Anteil wird auf einen ganzen Punkt abgerundet, und die Punktzahl ist ihre Summe, von 0 bis ${max}. Sie wird täglich und kurz nach einer Einzahlung, einem Handel oder einem abgeschlossenen Backtest neu berechnet.`,
    levelsHeading: "Kreditstufen",
    levelUnverified: (level, quota) =>
      `<strong>Stufe ${level}</strong>: Identität nicht geprüft. Plankontingent ${quota} USDT.`,
    levelVerified: (level, quota) =>
      `<strong>Stufe ${level}</strong>: Identität geprüft. Plankontingent ${quota} USDT.`,
    levelScore: (level, minScore, quota) =>
      `<strong>Stufe ${level}</strong>: Identität geprüft und eine Punktzahl von mindestens ${minScore}. Plankontingent ${quota} USDT.`,
    outro: [
      "Das Plankontingent ist der Höchstbetrag, den Sie gleichzeitig in laufenden Plänen halten können. Eine Punktzahl allein hebt ein Konto ohne Identitätsprüfung nie über die erste Stufe.",
      'Ihre eigene Punktzahl, jeden Anteil mit dem, was gezählt wurde, und was Ihre nächste Stufe braucht, finden Sie unter <a href="/my">Vermögenswerte</a>. Die Punktzahl verspricht keine Rendite und gewährt keinen Kredit: Quanta bietet keine Kredite an.',
    ],
  }),
};
