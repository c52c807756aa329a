// Italian content, translated from en.ts (the source): same ids, links, numbers and HTML tags.
// Honest-money copy (DESIGN §1) keeps its exact meaning: no promised returns, risks stated.
// One paragraph or list item per line, like en.ts.
import { itDocuments } from "./documents/it";
import { itHelp } from "./help/it";
import type { LangContent } from "./types";

export const it: LangContent = {
  settings: {
    pitch: {
      title: "Trading che puoi verificare",
      subtitle:
        "Trading spot, trading di contratti con leva e opzioni rialzo/ribasso sul feed di mercato in tempo reale, con ogni saldo da un libro mastro in partita doppia e ogni esito aperto alla verifica.",
      points: [
        {
          title: "Trading spot e di contratti",
          text: "Gli ordini spot a mercato e limite vengono eseguiti contro il book degli ordini in tempo reale, e ogni esecuzione registra il book e il tick usati. Le posizioni su contratti vanno long o short con leva e margine isolato, con Quanta (il banco) come controparte ai prezzi del feed di mercato. La leva moltiplica le perdite, e una liquidazione fa perdere tutto il margine della posizione.",
        },
        {
          title: "Opzioni rialzo/ribasso",
          text: "Scommetti se il prezzo sarà più alto o più basso dopo un numero fissato di secondi. Se vinci ricevi l’importo investito più il rendimento indicato, se perdi perdi tutto l’importo, in caso di parità l’importo ti viene restituito; ogni acquisto paga una commissione. Quanta (la casa) è la controparte, ai prezzi registrati dal flusso di mercato.",
        },
        {
          title: "USDT in entrata e in uscita",
          text: "I depositi in USDT (ERC20) sono verificati sulla blockchain. Ogni prelievo è approvato o rifiutato con un motivo indicato, e non viene mai chiesta una commissione per sbloccarlo.",
        },
        {
          title: "Verificabile, senza rendimenti promessi",
          text: "Operazioni, posizioni su contratti e opzioni vengono regolate solo in base a tick di mercato registrati e concatenati tramite hash, e chiunque può ricalcolare ogni esito; ogni opzione regolata e ogni liquidazione, take-profit o stop-loss ha Verifica nell’app. Puoi perdere denaro, anche tutto l’importo investito o tutto il margine, e in media una previsione al 50/50 su un’opzione perde denaro.",
        },
      ],
    },
    subscribe: {
      title: "Newsletter",
      text: "E-mail occasionali su novità del prodotto e modifiche a commissioni o condizioni. Niente spam, e non vendiamo mai il tuo indirizzo. Per farlo rimuovere, scrivi all’assistenza.",
    },
    footer: {
      operator:
        "Questa istanza di Quanta è gestita dal suo operatore. In modalità demo non viene movimentato denaro reale.",
      copyright: "© 2026 Quanta",
    },
  },

  links: {
    "live-chat": "Contatta l’assistenza (indirizzo di esempio)",
    "messaging-app": "Assistenza su Matrix (indirizzo di esempio)",
    "help-centre": "Centro assistenza",
    "community-guidelines": "Linee guida della community",
    "user-agreement": "Contratto d’uso",
    "privacy-policy": "Informativa sulla privacy",
    "partner-ethereum": "Ethereum – rete di regolamento",
    "partner-tether": "Tether USDT (ERC20) – valuta di deposito",
    "partner-binance-data": "Dati di mercato pubblici di Binance (flusso di produzione)",
    "partner-foundry": "Foundry anvil – chain demo",
  },

  articles: {
    "is-profit-guaranteed": {
      title: "Il profitto è garantito?",
      summary:
        "No. Ogni operazione può perdere denaro, e i prezzi passati non predicono quelli futuri.",
      body: [
        "<p><strong>No.</strong> Nessuna operazione su Quanta garantisce un profitto, e nessuno che lavori per Quanta può promettertene uno. Se qualcuno lo fa, consideralo un segnale d’allarme e segnalalo all’assistenza.</p>",
        "<h2>Perché puoi perdere denaro</h2>",
        "<ul>",
        "<li><strong>I mercati cambiano.</strong> Gli schemi che una strategia ha appreso dai dati passati possono smettere di funzionare senza preavviso.</li>",
        "<li><strong>Commissioni.</strong> Le commissioni si pagano sia che l’operazione sia in guadagno sia che sia in perdita.</li>",
        "<li><strong>Leva.</strong> La leva moltiplica le perdite come i guadagni. Un movimento contro una posizione su contratti pari a 1/leva meno il tasso di margine di mantenimento la liquida: a 20× con un margine di mantenimento dello 0,5 %, un movimento di circa il 4,5 %. Una liquidazione fa perdere tutto il margine della posizione.</li>",
        "<li><strong>Opzioni rialzo/ribasso.</strong> Una vincita restituisce l’importo investito più meno del 100 % di esso, e ogni acquisto paga una commissione: in media una previsione al 50/50 perde quindi denaro.</li>",
        "</ul>",
        "<p>Puoi perdere tutta la somma investita, e tutto il margine di una posizione su contratti.</p>",
        "<h2>Che cosa promette davvero Quanta</h2>",
        "<ul>",
        "<li>I risultati derivano solo da prezzi di mercato registrati, secondo regole pubblicate. Nessuno può scegliere per te un guadagno o una perdita.</li>",
        "<li>Le commissioni vengono mostrate prima della conferma.</li>",
        "<li>Un prelievo viene approvato o rifiutato con una motivazione dichiarata, e non ti verrà mai chiesto di pagare nulla per sbloccarlo.</li>",
        "</ul>",
        "<p>Fai trading solo con denaro che puoi permetterti di perdere.</p>",
      ].join("\n"),
    },

    ...itDocuments,
    ...itHelp,

    "welcome-to-quanta": {
      title: "Ti diamo il benvenuto su Quanta",
      summary:
        "Un’app di trading a cui accedi con il tuo wallet. Tiene un registro a partita doppia e regola ogni operazione in base a prezzi di mercato registrati.",
      body: [
        "<p>Quanta è un’app di trading a cui accedi con il tuo wallet Ethereum. Offre il trading spot con ordini a mercato e limite e, dove questa istanza li offre, il trading di contratti con leva e le opzioni rialzo/ribasso, con depositi e prelievi in USDT (ERC20), in 11 lingue. Si installa come un’app, funziona anche offline e mostra sempre quanto sono aggiornati i suoi dati.</p>",
        "<h2>Progettata per essere verificata</h2>",
        "<p>Le app di questo tipo hanno una cattiva reputazione: saldi falsi, regolamenti truccati, prelievi trattenuti. Quanta è progettata per essere diversa, in modo dimostrabile.</p>",
        "<ul>",
        "<li><strong>Niente denaro dal nulla.</strong> Ogni saldo è la somma delle scritture di un registro a partita doppia, in cui ogni transazione ha saldo zero.</li>",
        "<li><strong>Nessun esito scelto a tavolino.</strong> Le operazioni vengono regolate solo in base a tick di mercato registrati e concatenati tramite hash, secondo regole pubblicate, e ogni ordine regolato mostra i tick utilizzati.</li>",
        "<li><strong>I prelievi non vengono mai tenuti in ostaggio.</strong> Ogni richiesta viene approvata o rifiutata con una motivazione dichiarata, e non viene mai richiesta alcuna commissione, imposta o deposito per sbloccare i fondi.</li>",
        "<li><strong>Testi veritieri.</strong> Avvisi sui rischi dove servono, nessun rendimento promesso e nessuna promessa di prodotti che non esistono ancora.</li>",
        "</ul>",
        '<p>Il trading è rischioso e puoi perdere denaro. Inizia dal <a href="/data?category=help">centro assistenza</a>. Se questa istanza è in modalità demo, puoi prima provare tutto con fondi demo.</p>',
      ].join("\n"),
    },

    "how-settlements-are-verified": {
      title: "Come vengono verificati i regolamenti",
      summary:
        "Ogni operazione viene regolata in base a tick di mercato registrati e concatenati tramite hash per simbolo. Ecco come ricalcolare un risultato e verificare la catena.",
      body: [
        "<p>Su Quanta nessuna persona decide se un’operazione è vincente o perdente. Ogni regolamento viene calcolato a partire da <strong>tick di mercato registrati</strong>, ciascuno con un prezzo, un’ora e un numero di sequenza, secondo una regola pubblicata. Ogni ordine regolato mostra i tick utilizzati.</p>",
        "<h2>La catena dei tick</h2>",
        "<p>I tick sono concatenati per simbolo, come i blocchi di una blockchain. Ogni tick porta un hash: lo SHA-256 del testo <em>hash precedente|numero di sequenza|prezzo|ora</em>, scritto in esadecimale minuscolo. Il primo tick di un simbolo usa 64 zeri come hash precedente. Modificare un qualsiasi tick registrato cambierebbe il suo hash e tutti gli hash successivi.</p>",
        "<h2>Verifica tu stesso</h2>",
        "<ol>",
        "<li>Leggi l’anello più recente della catena di un simbolo da <strong>/api/v1/market/ticks/head</strong> (per esempio con ?symbol=BTC/USDT) e annota il suo hash.</li>",
        "<li>Leggi i tick intorno al tuo ordine da <strong>/api/v1/market/ticks</strong> con il simbolo e un intervallo di tempo (from, to).</li>",
        "<li>Ricalcola ogni hash a partire dal precedente, usando prezzo e ora esattamente come vengono forniti. Ognuno deve corrispondere, e la catena deve arrivare alla testa che hai annotato.</li>",
        "</ol>",
        "<p>Se conservi l’hash di testa che hai visto, una successiva riscrittura di tick precedenti non può passare inosservata: la catena ricalcolata non arriverebbe più a quell’hash.</p>",
        "<h2>Opzioni rialzo/ribasso</h2>",
        "<p>L’ingresso di un’opzione è il primo tick registrato dopo l’accettazione dell’acquisto, e l’uscita l’ultimo tick registrato alla scadenza o prima. Verifica, su ogni opzione regolata nell’app, controlla la catena e ricalcola l’esito; <strong>npm run verify -- options</strong> fa lo stesso dalla riga di comando.</p>",
        "<h2>Posizioni su contratti</h2>",
        "<p>Una posizione su contratti viene liquidata, o chiusa dal suo take-profit o stop-loss, solo da un tick registrato dopo il tick in cui è stata aperta, al prezzo di quel tick: decide il primo tick che raggiunge uno dei suoi livelli, e la posizione chiusa lo indica. Verifica, su una posizione di questo tipo nell’app, controlla la catena dal tick di apertura a quel tick, che nessun tick intermedio abbia raggiunto un livello, e l’esito.</p>",
        "<p>Un take-profit o uno stop-loss vale dal primo tick registrato dopo che è stato impostato: la posizione registra il tick più recente di quel momento, e Verifica controlla da lì. Il prezzo di liquidazione non cambia mai.</p>",
        "<p>Questi indirizzi sono pubblici e non richiedono un account. Se un risultato non corrisponde, contatta l’assistenza indicando l’id dell’ordine.</p>",
      ].join("\n"),
    },

    "demo-mode-explained": {
      title: "La modalità demo spiegata",
      summary:
        "In modalità demo il mercato è simulato, la chain è una chain di test locale e i saldi sono fondi demo. Nulla di tutto ciò ha valore monetario.",
      body: [
        "<p>Quanta funziona in una di due modalità. La modalità demo è quella predefinita quando il software viene avviato su una sola macchina, ed è pensata per provare il prodotto senza rischi.</p>",
        "<h2>Che cosa cambia in modalità demo</h2>",
        "<ul>",
        "<li><strong>Mercato simulato.</strong> I prezzi provengono da un simulatore con volatilità e order book realistici, non da un exchange reale. I suoi tick vengono registrati e concatenati tramite hash come quelli di un flusso reale, quindi il regolamento funziona come in produzione.</li>",
        "<li><strong>Chain di test locale.</strong> Depositi e prelievi usano una chain di sviluppo locale (anvil di Foundry) con un token USDT di test privo di valore. Un faucet invia USDT di test al tuo wallet.</li>",
        "<li><strong>Fondi demo.</strong> Puoi aggiungere fondi demo al tuo saldo. Compaiono nei tuoi movimenti come «Fondi demo», quindi non possono mai essere scambiati per un deposito.</li>",
        "<li><strong>Wallet demo.</strong> Se non hai un wallet, l’app può crearne uno demo la cui chiave viene conservata nel tuo browser. Usalo solo in modalità demo.</li>",
        "</ul>",
        "<p>Finché la modalità demo è attiva, ogni schermata lo segnala.</p>",
        "<h2>Che cosa resta uguale</h2>",
        "<p>Il registro contabile, le regole di regolamento, la visualizzazione delle commissioni e le regole di prelievo sono lo stesso codice della produzione. Un risultato in modalità demo è un risultato reale di quelle regole su prezzi simulati, ma i prezzi simulati non sono prezzi di mercato: non dice nulla su quanto guadagneresti in produzione.</p>",
        "<h2>La demo non diventa mai produzione</h2>",
        "<p>Le funzioni demo esistono solo in modalità demo. Un server in modalità produzione si rifiuta di avviarsi se anche una sola di esse è attiva, e un database usato in una modalità rifiuta un server dell’altra, così i fondi demo non possono mai diventare denaro reale.</p>",
      ].join("\n"),
    },

    "our-withdrawal-promise": {
      title: "Il nostro impegno sui prelievi",
      summary:
        "Ogni prelievo viene approvato o rifiutato con una motivazione dichiarata. Per sbloccare i tuoi fondi non vengono mai richiesti commissioni, imposte, depositi o compiti.",
      body: [
        "<p>Una truffa comune nelle app di trading è il prelievo che non arriva mai: il saldo sembra a posto finché non provi a ritirarlo, e allora ti chiedono di pagare prima una «tassa», una «commissione di sblocco» o un «deposito», oppure di completare dei «compiti». Quanta è progettata perché non possa mai funzionare così.</p>",
        "<h2>L’impegno</h2>",
        "<ul>",
        "<li>Ogni richiesta di prelievo viene <strong>approvata e inviata</strong> oppure <strong>rifiutata con una motivazione dichiarata</strong>. In caso di rifiuto, l’importo torna nel tuo saldo disponibile.</li>",
        "<li>L’unica commissione è la commissione di prelievo mostrata <strong>prima</strong> della conferma, insieme agli importi minimo e massimo.</li>",
        "<li>Non richiediamo <strong>mai</strong> una commissione, un’imposta, un deposito, un volume di trading o un compito per sbloccare i tuoi fondi. Il software non prevede un’opzione del genere.</li>",
        "</ul>",
        "<h2>Che cosa puoi vedere</h2>",
        "<p>Ogni prelievo mostra il suo stato (in verifica, approvato e in invio, riuscito o non riuscito), la commissione, l’indirizzo di destinazione e, una volta inviato, l’hash della transazione da consultare su un block explorer. Mentre un prelievo è in verifica, il suo importo è congelato nel tuo registro contabile; poi viene addebitato oppure restituito, esattamente una volta.</p>",
        "<blockquote>Se qualcuno, anche chi dice di far parte dell’assistenza di Quanta, ti chiede di pagare per sbloccare un prelievo, è una truffa. Non pagare e segnalalo.</blockquote>",
      ].join("\n"),
    },

    "market-data-sources": {
      title: "Da dove provengono i nostri dati di mercato",
      summary:
        "Le istanze demo usano un simulatore di mercato con seed; quelle di produzione il flusso pubblico di un exchange. Entrambi vengono registrati e concatenati tramite hash.",
      body: [
        "<p>Ogni prezzo che vedi e ogni regolamento su Quanta provengono da un unico flusso di mercato per istanza. Quale sia dipende dalla modalità.</p>",
        "<h2>Modalità demo: un simulatore</h2>",
        "<p>Un simulatore inizializzato con un seed genera prezzi con volatilità, profondità dell’order book e storico ricostruito realistici. Non è collegato ad alcun mercato reale, e i suoi prezzi non sono prezzi reali.</p>",
        "<h2>Modalità produzione: il flusso pubblico di un exchange</h2>",
        '<p>Le istanze di produzione leggono i dati di mercato pubblici di un grande exchange, come i <a href="https://www.binance.com/en/binance-api">dati di mercato pubblici di Binance</a>. Quanta non è affiliata a quell’exchange e non vi invia i tuoi ordini: l’operatore li esegue sull’order book del flusso secondo regole pubblicate.</p>',
        "<h2>Registrati in ogni caso</h2>",
        '<p>Qualunque sia la fonte, ogni tick viene registrato con un numero di sequenza e concatenato tramite hash prima di essere usato, così ogni regolamento può essere ricalcolato in seguito; vedi <a href="/data/detail?id=how-settlements-are-verified">Come vengono verificati i regolamenti</a>. Quando il flusso si interrompe, i prezzi vengono contrassegnati come non aggiornati e gli ordini a prezzo di mercato vengono sospesi finché non arrivano dati aggiornati.</p>',
      ].join("\n"),
    },
  },
};
