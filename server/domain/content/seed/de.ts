// German content, translated from en.ts (the source): same ids, links, numbers and HTML tags.
// Honest-money copy (DESIGN §1) keeps its exact meaning: no promised returns, risks stated.
// One paragraph or list item per line, like en.ts.
import { deDocuments } from "./documents/de";
import { deHelp } from "./help/de";
import type { LangContent } from "./types";

export const de: LangContent = {
  settings: {
    pitch: {
      title: "Handel, den Sie prüfen können",
      subtitle:
        "Spot-Handel, Kontrakthandel mit Hebel und Steigt/Fällt-Optionen auf dem Live-Marktfeed, jedes Guthaben aus einem doppelten Hauptbuch und jedes Ergebnis offen zur Prüfung.",
      points: [
        {
          title: "Spot- und Kontrakthandel",
          text: "Spot-Markt- und Limit-Orders werden gegen das Live-Orderbuch ausgeführt, und jede Ausführung speichert das Orderbuch und den Tick, die sie verwendet hat. Kontraktpositionen gehen mit Hebel long oder short, mit isolierter Margin und mit Quanta (dem Haus) als Gegenpartei zu den Kursen des Marktfeeds. Ein Hebel vervielfacht Verluste, und eine Liquidation kostet die gesamte Margin der Position.",
        },
        {
          title: "Steigt/Fällt-Optionen",
          text: "Sie setzen darauf, ob der Kurs nach einer festgelegten Zahl von Sekunden höher oder niedriger steht. Ein Gewinn zahlt Ihren Einsatz plus die angezeigte Auszahlung, ein Verlust kostet den ganzen Einsatz, bei Gleichstand erhalten Sie den Einsatz zurück; bei jedem Kauf fällt eine Gebühr an. Quanta (das Haus) ist die Gegenpartei, zu den aufgezeichneten Kursen des Marktdatenfeeds.",
        },
        {
          title: "USDT rein und raus",
          text: "Einzahlungen in USDT (ERC20) werden auf der Blockchain geprüft. Jede Auszahlung wird mit einer genannten Begründung genehmigt oder abgelehnt, und für ihre Freigabe wird nie eine Gebühr verlangt.",
        },
        {
          title: "Prüfbar, ohne versprochene Renditen",
          text: "Trades, Kontraktpositionen und Optionen werden ausschließlich anhand aufgezeichneter, per Hash verketteter Markt-Ticks abgerechnet, und jeder kann jedes Ergebnis nachrechnen; jede abgerechnete Option und jede Liquidation, jeder Take-Profit und jeder Stop-Loss hat in der App „Überprüfen“. Sie können Geld verlieren, auch Ihren gesamten Einsatz oder Ihre gesamte Margin, und im Durchschnitt verliert ein 50/50-Tipp auf eine Option Geld.",
        },
      ],
    },
    subscribe: {
      title: "Newsletter",
      text: "Gelegentliche E-Mails zu Produktneuigkeiten und Änderungen von Gebühren oder Bedingungen. Kein Spam, und wir verkaufen Ihre Adresse nie. Um sie entfernen zu lassen, schreiben Sie dem Support.",
    },
    footer: {
      operator:
        "Diese Quanta-Instanz wird von ihrem Betreiber betrieben. Im Demo-Modus wird kein echtes Geld bewegt.",
      copyright: "© 2026 Quanta",
    },
  },

  links: {
    "live-chat": "Support kontaktieren (Beispieladresse)",
    "messaging-app": "Support über Matrix (Beispieladresse)",
    "help-centre": "Hilfe-Center",
    "community-guidelines": "Community-Richtlinien",
    "user-agreement": "Nutzungsvereinbarung",
    "privacy-policy": "Datenschutzerklärung",
    "partner-ethereum": "Ethereum – Abwicklungsnetzwerk",
    "partner-tether": "Tether USDT (ERC20) – Einzahlungswährung",
    "partner-binance-data": "Öffentliche Marktdaten von Binance (Produktiv-Feed)",
    "partner-foundry": "Foundry anvil – Demo-Chain",
  },

  articles: {
    "is-profit-guaranteed": {
      title: "Ist Gewinn garantiert?",
      summary:
        "Nein. Jeder Trade kann Geld verlieren, und vergangene Kurse sagen künftige nicht voraus.",
      body: [
        "<p><strong>Nein.</strong> Kein Trade bei Quanta garantiert einen Gewinn, und niemand, der für Quanta arbeitet, darf Ihnen einen versprechen. Wenn es doch jemand tut, sehen Sie es als Warnsignal und melden Sie es dem Support.</p>",
        "<h2>Warum Sie Geld verlieren können</h2>",
        "<ul>",
        "<li><strong>Märkte verändern sich.</strong> Muster, die eine Strategie aus historischen Daten gelernt hat, können ohne Vorwarnung aufhören zu funktionieren.</li>",
        "<li><strong>Gebühren.</strong> Gebühren fallen an, ganz gleich, ob ein Trade gewinnt oder verliert.</li>",
        "<li><strong>Hebel.</strong> Ein Hebel vervielfacht Verluste ebenso wie Gewinne. Eine Bewegung gegen eine Kontraktposition um 1/Hebel abzüglich des Erhaltungsmargensatzes liquidiert sie: bei 20× und einer Erhaltungsmarge von 0,5 % eine Bewegung von etwa 4,5 %. Eine Liquidation kostet die gesamte Margin der Position.</li>",
        "<li><strong>Steigt/Fällt-Optionen.</strong> Ein Gewinn zahlt den Einsatz plus weniger als 100 % davon zurück, und bei jedem Kauf fällt eine Gebühr an; im Durchschnitt verliert ein 50/50-Tipp daher Geld.</li>",
        "</ul>",
        "<p>Sie können Ihren gesamten Einsatz verlieren, ebenso die gesamte Margin einer Kontraktposition.</p>",
        "<h2>Was Quanta tatsächlich verspricht</h2>",
        "<ul>",
        "<li>Ergebnisse entstehen ausschließlich aus aufgezeichneten Marktkursen nach veröffentlichten Regeln. Niemand kann für Sie einen Gewinn oder Verlust festlegen.</li>",
        "<li>Gebühren werden angezeigt, bevor Sie bestätigen.</li>",
        "<li>Eine Auszahlung wird genehmigt oder mit Angabe von Gründen abgelehnt, und Sie werden niemals aufgefordert, für ihre Freigabe etwas zu bezahlen.</li>",
        "</ul>",
        "<p>Handeln Sie nur mit Geld, dessen Verlust Sie verkraften können.</p>",
      ].join("\n"),
    },

    ...deDocuments,
    ...deHelp,

    "welcome-to-quanta": {
      title: "Willkommen bei Quanta",
      summary:
        "Eine Trading-App, bei der Sie sich mit Ihrer eigenen Wallet anmelden. Sie führt ein Hauptbuch mit doppelter Buchführung und rechnet jeden Trade anhand aufgezeichneter Kurse ab.",
      body: [
        "<p>Quanta ist eine Trading-App, bei der Sie sich mit Ihrer eigenen Ethereum-Wallet anmelden. Sie bietet Spot-Handel mit Markt- und Limit-Orders und, wo diese Instanz sie anbietet, Kontrakthandel mit Hebel und Steigt/Fällt-Optionen, mit Ein- und Auszahlungen in USDT (ERC20), in 11 Sprachen. Sie lässt sich wie eine App installieren, funktioniert auch offline und zeigt immer, wie aktuell ihre Daten sind.</p>",
        "<h2>Gebaut, um überprüft zu werden</h2>",
        "<p>Apps dieser Art haben einen schlechten Ruf: gefälschte Guthaben, manipulierte Abrechnungen, zurückgehaltene Auszahlungen. Quanta ist so gebaut, dass nachweisbar ist, dass es anders ist.</p>",
        "<ul>",
        "<li><strong>Kein Geld aus dem Nichts.</strong> Jedes Guthaben ist die Summe von Einträgen in einem Hauptbuch mit doppelter Buchführung, in dem jede Transaktion in der Summe null ergibt.</li>",
        "<li><strong>Keine festgelegten Ergebnisse.</strong> Trades werden ausschließlich anhand aufgezeichneter, per Hash verketteter Markt-Ticks nach veröffentlichten Regeln abgerechnet, und jede abgerechnete Order zeigt die verwendeten Ticks.</li>",
        "<li><strong>Auszahlungen werden niemals als Druckmittel zurückgehalten.</strong> Jeder Antrag wird genehmigt oder mit Angabe von Gründen abgelehnt, und für die Freigabe von Geld wird niemals eine Gebühr, Steuer oder Einzahlung verlangt.</li>",
        "<li><strong>Ehrliche Texte.</strong> Risikohinweise, wo sie gelten, keine versprochenen Renditen und keine Versprechen von Produkten, die es noch nicht gibt.</li>",
        "</ul>",
        '<p>Handel ist riskant, und Sie können Geld verlieren. Beginnen Sie mit dem <a href="/data?category=help">Hilfe-Center</a>. Läuft diese Instanz im Demo-Modus, können Sie zunächst alles mit Demo-Guthaben ausprobieren.</p>',
      ].join("\n"),
    },

    "how-settlements-are-verified": {
      title: "So werden Abrechnungen überprüft",
      summary:
        "Jeder Trade wird anhand aufgezeichneter, je Symbol per Hash verketteter Markt-Ticks abgerechnet. So rechnen Sie ein Ergebnis nach und prüfen die Kette selbst.",
      body: [
        "<p>Bei Quanta entscheidet kein Mensch, ob ein Trade gewinnt oder verliert. Jede Abrechnung wird nach einer veröffentlichten Regel aus <strong>aufgezeichneten Markt-Ticks</strong> berechnet, jeder mit Kurs, Zeitpunkt und Sequenznummer. Jede abgerechnete Order zeigt die verwendeten Ticks.</p>",
        "<h2>Die Tick-Kette</h2>",
        "<p>Ticks werden je Symbol verkettet, wie die Blöcke einer Blockchain. Jeder Tick trägt einen Hash: den SHA-256 des Textes <em>vorheriger Hash|Sequenznummer|Kurs|Zeitpunkt</em>, geschrieben in hexadezimalen Kleinbuchstaben. Der erste Tick eines Symbols verwendet 64 Nullen als vorherigen Hash. Würde ein aufgezeichneter Tick verändert, änderte sich sein Hash und jeder Hash danach.</p>",
        "<h2>Prüfen Sie selbst</h2>",
        "<ol>",
        "<li>Lesen Sie das neueste Glied der Kette eines Symbols über <strong>/api/v1/market/ticks/head</strong> ab (zum Beispiel mit ?symbol=BTC/USDT) und notieren Sie seinen Hash.</li>",
        "<li>Lesen Sie die Ticks rund um Ihre Order über <strong>/api/v1/market/ticks</strong> ab, mit dem Symbol und einem Zeitraum (from, to).</li>",
        "<li>Berechnen Sie jeden Hash aus dem vorherigen neu, mit Kurs und Zeitpunkt genau so, wie sie ausgeliefert werden. Jeder muss übereinstimmen, und die Kette muss zu dem notierten Kopf führen.</li>",
        "</ol>",
        "<p>Wenn Sie den gesehenen Kopf-Hash aufbewahren, kann ein späteres Umschreiben früherer Ticks nicht unbemerkt bleiben: Die neu berechnete Kette würde nicht mehr zu ihm führen.</p>",
        "<h2>Steigt/Fällt-Optionen</h2>",
        "<p>Der Einstieg einer Option ist der erste aufgezeichnete Tick nach der Annahme des Kaufs, ihr Ausstieg der letzte aufgezeichnete Tick zum oder vor dem Ablauf. „Überprüfen“ bei jeder abgerechneten Option in der App prüft die Kette und rechnet das Ergebnis nach; <strong>npm run verify -- options</strong> tut dasselbe auf der Kommandozeile.</p>",
        "<h2>Kontraktpositionen</h2>",
        "<p>Eine Kontraktposition wird nur durch einen aufgezeichneten Tick nach dem Tick, zu dem sie eröffnet wurde, liquidiert oder durch ihren Take-Profit oder Stop-Loss geschlossen, und zwar zum Kurs dieses Ticks: Der erste Tick, der eine ihrer Schwellen erreicht, entscheidet, und die geschlossene Position nennt ihn. „Überprüfen“ bei einer solchen Position in der App prüft die Kette vom Eröffnungstick bis zu diesem Tick, dass kein Tick dazwischen eine Schwelle erreicht hat, und das Ergebnis.</p>",
        "<p>Ein Take-Profit oder Stop-Loss gilt ab dem ersten Tick, der nach dem Setzen aufgezeichnet wird: Die Position speichert den neuesten Tick dieses Moments, und „Überprüfen“ prüft ab dort. Ein Liquidationspreis ändert sich nie.</p>",
        "<p>Diese Adressen sind öffentlich und erfordern kein Konto. Stimmt ein Ergebnis nicht überein, wenden Sie sich mit der ID der Order an den Support.</p>",
      ].join("\n"),
    },

    "demo-mode-explained": {
      title: "Der Demo-Modus erklärt",
      summary:
        "Im Demo-Modus ist der Markt simuliert, die Chain eine lokale Test-Chain und das Guthaben Demo-Guthaben. Nichts davon hat einen Geldwert.",
      body: [
        "<p>Quanta läuft in einem von zwei Modi. Der Demo-Modus ist die Voreinstellung, wenn die Software auf einem einzelnen Rechner gestartet wird, und ist dazu gedacht, das Produkt ohne Risiko auszuprobieren.</p>",
        "<h2>Was im Demo-Modus anders ist</h2>",
        "<ul>",
        "<li><strong>Simulierter Markt.</strong> Die Kurse stammen aus einem Simulator mit realistischer Volatilität und realistischen Orderbüchern, nicht von einer echten Börse. Seine Ticks werden wie bei einem echten Feed aufgezeichnet und per Hash verkettet, sodass die Abrechnung wie im Produktivmodus funktioniert.</li>",
        "<li><strong>Lokale Test-Chain.</strong> Ein- und Auszahlungen laufen über eine lokale Entwicklungs-Chain (anvil von Foundry) mit einem wertlosen Test-USDT-Token. Ein Faucet sendet Test-USDT an Ihre Wallet.</li>",
        "<li><strong>Demo-Guthaben.</strong> Sie können Ihrem Konto Demo-Guthaben hinzufügen. Es erscheint in Ihren Buchungen als „Demo-Guthaben“ und kann daher nie mit einer Einzahlung verwechselt werden.</li>",
        "<li><strong>Demo-Wallet.</strong> Haben Sie keine Wallet, kann die App eine Demo-Wallet erstellen, deren Schlüssel in Ihrem Browser gespeichert wird. Verwenden Sie sie nur im Demo-Modus.</li>",
        "</ul>",
        "<p>Solange der Demo-Modus aktiv ist, ist jeder Bildschirm entsprechend gekennzeichnet.</p>",
        "<h2>Was gleich bleibt</h2>",
        "<p>Hauptbuch, Abrechnungsregeln, Gebührenanzeige und Auszahlungsregeln sind derselbe Code wie im Produktivmodus. Ein Ergebnis im Demo-Modus ist ein echtes Ergebnis dieser Regeln auf simulierten Kursen, doch simulierte Kurse sind keine Marktkurse: Es sagt nichts darüber aus, was Sie im Produktivmodus verdienen würden.</p>",
        "<h2>Demo wird nie zum Produktivbetrieb</h2>",
        "<p>Demo-Funktionen gibt es nur im Demo-Modus. Ein Server im Produktivmodus verweigert den Start, wenn auch nur eine davon eingeschaltet ist, und eine in einem Modus genutzte Datenbank verweigert einen Server im anderen Modus – so kann Demo-Guthaben niemals zu echtem Geld werden.</p>",
      ].join("\n"),
    },

    "our-withdrawal-promise": {
      title: "Unser Auszahlungsversprechen",
      summary:
        "Jede Auszahlung wird genehmigt oder mit Angabe von Gründen abgelehnt. Für die Freigabe Ihres Geldes wird niemals eine Gebühr, Steuer, Einzahlung oder Aufgabe verlangt.",
      body: [
        "<p>Eine verbreitete Betrugsmasche bei Trading-Apps ist die Auszahlung, die nie ankommt: Das Guthaben sieht gut aus, bis Sie es abheben wollen, und dann sollen Sie zuerst eine „Steuer“, eine „Freischaltgebühr“ oder eine „Kaution“ zahlen oder „Aufgaben“ erledigen. Quanta ist so gebaut, dass es so niemals funktionieren kann.</p>",
        "<h2>Das Versprechen</h2>",
        "<ul>",
        "<li>Jeder Auszahlungsantrag wird entweder <strong>genehmigt und ausgeführt</strong> oder <strong>mit Angabe von Gründen abgelehnt</strong>. Bei einer Ablehnung wird der Betrag Ihrem verfügbaren Guthaben wieder gutgeschrieben.</li>",
        "<li>Die einzige Gebühr ist die Auszahlungsgebühr, die Ihnen <strong>vor</strong> der Bestätigung angezeigt wird, zusammen mit Mindest- und Höchstbetrag.</li>",
        "<li>Wir verlangen <strong>niemals</strong> eine Gebühr, Steuer, Einzahlung, ein Handelsvolumen oder eine Aufgabe, um Ihr Geld freizugeben. Die Software hat eine solche Option gar nicht.</li>",
        "</ul>",
        "<h2>Was Sie sehen können</h2>",
        "<p>Jede Auszahlung zeigt ihren Status (in Prüfung, genehmigt und in Ausführung, erfolgreich oder fehlgeschlagen), die Gebühr, die Zieladresse und nach dem Versand den Transaktions-Hash, den Sie in einem Block-Explorer nachschlagen können. Während eine Auszahlung geprüft wird, ist ihr Betrag in Ihrem Hauptbuch eingefroren; danach wird er entweder abgebucht oder zurückgegeben, und zwar genau einmal.</p>",
        "<blockquote>Wenn jemand – auch jemand, der sich als Quanta-Support ausgibt – von Ihnen verlangt, für die Freigabe einer Auszahlung zu bezahlen, ist das Betrug. Zahlen Sie nicht, und melden Sie es.</blockquote>",
      ].join("\n"),
    },

    "market-data-sources": {
      title: "Woher unsere Marktdaten stammen",
      summary:
        "Demo-Instanzen nutzen einen Marktsimulator mit festem Startwert, Produktiv-Instanzen den öffentlichen Feed einer Börse. Beide werden aufgezeichnet und per Hash verkettet.",
      body: [
        "<p>Jeder Kurs, den Sie sehen, und jede Abrechnung bei Quanta stammen aus genau einem Marktdatenfeed pro Instanz. Welcher das ist, hängt vom Modus ab.</p>",
        "<h2>Demo-Modus: ein Simulator</h2>",
        "<p>Ein Simulator mit festem Startwert (Seed) erzeugt Kurse mit realistischer Volatilität, Orderbuchtiefe und rückwirkend erzeugter Historie. Er ist mit keinem echten Markt verbunden, und seine Kurse sind keine echten Kurse.</p>",
        "<h2>Produktivmodus: der öffentliche Feed einer Börse</h2>",
        '<p>Produktiv-Instanzen lesen öffentliche Marktdaten einer großen Börse, etwa die <a href="https://www.binance.com/en/binance-api">öffentlichen Marktdaten von Binance</a>. Quanta ist mit dieser Börse nicht verbunden und leitet Ihre Orders nicht dorthin weiter: Der Betreiber führt sie nach veröffentlichten Regeln gegen das Orderbuch des Feeds aus.</p>',
        "<h2>In jedem Fall aufgezeichnet</h2>",
        '<p>Unabhängig von der Quelle wird jeder Tick vor seiner Verwendung mit einer Sequenznummer aufgezeichnet und per Hash verkettet, sodass sich jede Abrechnung später nachrechnen lässt; siehe <a href="/data/detail?id=how-settlements-are-verified">So werden Abrechnungen überprüft</a>. Wird der Feed unterbrochen, werden die Kurse als veraltet markiert, und marktpreisbasierte Orders werden angehalten, bis wieder aktuelle Daten eintreffen.</p>',
      ].join("\n"),
    },
  },
};
