// Italian answers of the help centre about AI quant plans and the weighted score, translated from
// ./en.ts: same ids, links, HTML tags and meaning; the score's numbers come from the protocol.
import type { HelpAnswers } from "../types";
import { weightedScoreArticle } from "./weighted-score-article";

export const itHelp: HelpAnswers = {
  "what-is-ai-quant-trading": {
    title: "Che cos’è il trading quantitativo con IA?",
    summary:
      "Piani che operano con regole scritte e pubblicate, con parametri scelti da una ricerca verificata su dati che non ha usato. Nessuno promette quanto guadagnerà un piano.",
    body: [
      "<p>Su Quanta, il trading quantitativo con IA sono i <strong>piani quantitativi IA</strong>: metti un importo in un piano e la strategia del piano lo fa operare sul mercato in tempo reale per la durata del piano, agli stessi prezzi e commissioni degli ordini spot. Ciò che il piano ha guadagnato o perso viene registrato alla sua fine.</p>",
      "<h2>Che cos’è l’«IA»</h2>",
      "<p>L’«IA» è una ricerca di parametri con validazione walk-forward, e la chiamiamo così: il laboratorio prova una griglia limitata di insiemi di parametri di una strategia su una finestra di candele passate e verifica l’insieme migliore sulla finestra successiva, che non ha visto. Non c’è alcun modello che preveda i prezzi, e nessuno inserisce a mano le operazioni di un piano.</p>",
      "<h2>Le strategie</h2>",
      "<ul>",
      "<li><strong>Trend following</strong> tiene la moneta finché una media mobile veloce è sopra una lenta. Perde nei mercati laterali instabili e nei crolli improvvisi.</li>",
      "<li><strong>Mean reversion</strong> compra quando il prezzo scende sotto la banda di Bollinger inferiore e vende alla media. Perde quando un ribasso diventa una caduta.</li>",
      "<li><strong>Griglia</strong> compra un’unità ogni volta che il prezzo scende di un gradino e la rivende un gradino più in alto. Perde quando il prezzo esce dalla griglia.</li>",
      "</ul>",
      "<h2>Che cosa vedi</h2>",
      "<ul>",
      "<li>Ogni piano mostra il suo backtest di 30 giorni più recente, una volta eseguito, con le sue ipotesi (commissione, slippage, esecuzione all’apertura della candela successiva), mai un rendimento promesso.</li>",
      "<li>Ogni piano ha un limite di profitto, un limite di perdita e una data di consegna; termina e vende quando viene raggiunto il primo.</li>",
      "<li>Ogni operazione indica il tick di mercato registrato che ha usato.</li>",
      "</ul>",
      '<p>Quanta (la casa) è la controparte: paga il guadagno di un piano e trattiene la sua perdita. Alcuni piani usano la leva, che moltiplica le perdite oltre ai guadagni. Puoi perdere fino all’intero importo messo in un piano; vedi <a href="/data/detail?id=is-profit-guaranteed">Il profitto è garantito?</a></p>',
    ].join("\n"),
  },

  "ai-quant-advantages": {
    title: "Quali sono i vantaggi del trading quantitativo con IA?",
    summary:
      "Regole invece di umori, verificate su dati passati, limiti fissati in anticipo e ogni operazione controllabile. Non elimina il rischio.",
    body: [
      "<p>Un piano segue regole scritte. Rispetto al trading a mano porta vantaggi reali, e ha limiti che devi conoscere.</p>",
      "<h2>Vantaggi</h2>",
      "<ul>",
      "<li><strong>Disciplina.</strong> La strategia agisce su ogni candela di un minuto chiusa con la stessa regola, giorno e notte, senza paura né avidità.</li>",
      "<li><strong>Verificato prima dell’uso.</strong> Puoi eseguire backtest e ottimizzazioni walk-forward nel laboratorio sul mercato registrato, e ogni piano mostra il suo backtest di 30 giorni più recente con le sue ipotesi.</li>",
      "<li><strong>Limiti fissati in anticipo.</strong> Ogni piano ha un limite di profitto, un limite di perdita e una data di consegna. Il tuo importo è congelato mentre è attivo, e ciò che ha guadagnato o perso viene registrato alla fine.</li>",
      "<li><strong>Controllabile.</strong> Ogni operazione indica il tick di mercato registrato e concatenato con hash che ha usato, così chiunque può ricalcolarla.</li>",
      "</ul>",
      "<h2>Limiti</h2>",
      "<ul>",
      "<li>Un backtest non è una previsione. I mercati cambiano, e una strategia andata bene sui dati passati può perdere.</li>",
      "<li>Le commissioni si pagano su ogni operazione, vincente o perdente.</li>",
      '<li>Ogni strategia ha mercati in cui perde; <a href="/data/detail?id=what-is-ai-quant-trading">Che cos’è il trading quantitativo con IA?</a> li indica.</li>',
      "</ul>",
      "<p>Nessun piano garantisce un profitto. Metti solo denaro che puoi permetterti di perdere.</p>",
    ].join("\n"),
  },

  "what-is-the-weighted-score": weightedScoreArticle("it", {
    title: "Che cos’è il punteggio ponderato?",
    summary:
      "Un punteggio da 0 a 1.000 basato sui tuoi depositi, sui tuoi giorni di trading e sui tuoi backtest. Con la verifica dell’identità fissa il tuo livello di credito e la quota dei piani.",
    intro: [
      "Il punteggio ponderato misura come usi Quanta: il tuo <strong>limite totale</strong> (quanto hai depositato), le tue <strong>abitudini d’uso</strong> (quanto spesso fai trading) e il tuo <strong>contributo all’addestramento dei modelli</strong> (i backtest che esegui). Insieme alla verifica dell’identità fissa il tuo livello di credito, e il livello di credito fissa a quali piani quantitativi IA puoi aderire e quanto puoi detenervi. È il criterio di base per diventare investitore su Quanta.",
    ],
    formulaHeading: "Come viene calcolato",
    totalLimit: (weight, full) =>
      `<strong>Limite totale</strong> = ${weight} × min(1, depositi accreditati ÷ ${full} USDT). Conta ogni deposito accreditato sul tuo conto; i fondi demo non contano e i prelievi non lo riducono.`,
    usageHabits: (weight, window) =>
      `<strong>Abitudini d’uso</strong> = ${weight} × giorni con un’operazione tra gli ultimi ${window} ÷ ${window}. Un giorno (UTC) conta se hai avuto un’esecuzione spot, comprato un’opzione, aperto o chiuso una posizione in contratto o avviato un piano; esce dalla finestra ${window} giorni dopo.`,
    contribution: (weight, full) =>
      `<strong>Contributo all’addestramento dei modelli</strong> = ${weight} × min(1, (backtest eseguiti + strategie condivise) ÷ ${full}). Contano i tuoi backtest e le tue ottimizzazioni completati nel laboratorio; la condivisione di strategie non è ancora offerta, quindi quella parte è 0.`,
    sum: (max) =>
      `Ogni termine è arrotondato per difetto a un punto intero, e il punteggio è la loro somma, da 0 a ${max}. Viene ricalcolato ogni giorno e poco dopo un deposito, un’operazione o un backtest completato.`,
    levelsHeading: "Livelli di credito",
    levelUnverified: (level, quota) =>
      `<strong>Livello ${level}</strong>: identità non verificata. Quota piani ${quota} USDT.`,
    levelVerified: (level, quota) =>
      `<strong>Livello ${level}</strong>: identità verificata. Quota piani ${quota} USDT.`,
    levelScore: (level, minScore, quota) =>
      `<strong>Livello ${level}</strong>: identità verificata e un punteggio di almeno ${minScore}. Quota piani ${quota} USDT.`,
    outro: [
      "La quota piani è il massimo che puoi detenere contemporaneamente nei piani attivi. Un punteggio da solo non porta mai un conto senza verifica dell’identità oltre il primo livello.",
      'Il tuo punteggio, ogni termine con ciò che è stato contato e ciò che serve per il livello successivo sono in <a href="/my">Patrimonio</a>. Il punteggio non promette rendimenti e non concede credito: Quanta non offre prestiti.',
    ],
  }),
};
