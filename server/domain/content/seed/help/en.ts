// English answers of the help centre about AI quant plans and the weighted score: the source the
// translations follow (same ids, links, HTML tags and meaning). The weighted-score answer's
// numbers come from the protocol (weighted-score-article.ts); only its words are here.
import type { HelpAnswers } from "../types";
import { weightedScoreArticle } from "./weighted-score-article";

export const enHelp: HelpAnswers = {
  "what-is-ai-quant-trading": {
    title: "What is AI quant trading?",
    summary:
      "Plans that trade by written, published rules, with parameters chosen by a search tested on data it did not fit. No one promises what a plan will earn.",
    body: [
      "<p>On Quanta, AI quant trading means <strong>AI quant plans</strong>: you put an amount into a plan, and the plan’s strategy trades it on the live market for the plan’s duration, at the same prices and fees as spot orders. What the plan earned or lost is booked when it ends.</p>",
      "<h2>What the “AI” is</h2>",
      "<p>The “AI” is parameter search with walk-forward validation, and we call it that: the lab tries a bounded grid of parameter sets for a strategy on one window of past candles and tests the best set on the next window, which it did not see. There is no model that predicts prices, and no one places a plan’s trades by hand.</p>",
      "<h2>The strategies</h2>",
      "<ul>",
      "<li><strong>Trend following</strong> holds the coin while a fast moving average is above a slow one. It loses in choppy sideways markets and in sudden crashes.</li>",
      "<li><strong>Mean reversion</strong> buys when the price falls below its lower Bollinger band and sells at the average. It loses when a dip turns into a fall.</li>",
      "<li><strong>Grid</strong> buys a unit each time the price falls one step and sells it one step higher. It loses when the price leaves the grid.</li>",
      "</ul>",
      "<h2>What you see</h2>",
      "<ul>",
      "<li>Each plan shows its latest 30-day backtest, once one has run, with its assumptions (fee, slippage, fills at the next candle’s open), never a promised return.</li>",
      "<li>Each plan has a profit limit, a loss limit and a delivery time; it ends and sells when the first is reached.</li>",
      "<li>Every trade names the recorded market tick it used.</li>",
      "</ul>",
      '<p>Quanta (the house) is the counterparty: it pays a plan’s gain and keeps its loss. Some plans use leverage, which multiplies losses as well as gains. You can lose up to the whole amount you put into a plan; see <a href="/data/detail?id=is-profit-guaranteed">Is profit guaranteed?</a></p>',
    ].join("\n"),
  },

  "ai-quant-advantages": {
    title: "What are the advantages of AI quant trading?",
    summary:
      "Rules instead of moods, tested on past data, limits set in advance and every trade checkable. It does not remove risk.",
    body: [
      "<p>A plan follows written rules. Compared with trading by hand that brings real advantages, and it has limits you should know.</p>",
      "<h2>Advantages</h2>",
      "<ul>",
      "<li><strong>Discipline.</strong> The strategy acts on every closed one-minute candle by the same rule, day and night, without fear or greed.</li>",
      "<li><strong>Tested before use.</strong> You can run backtests and walk-forward optimisations in the lab on the recorded market, and each plan shows its latest 30-day backtest with its assumptions.</li>",
      "<li><strong>Limits set in advance.</strong> Each plan has a profit limit, a loss limit and a delivery time. Your amount is frozen while it runs, and what it earned or lost is booked at the end.</li>",
      "<li><strong>Checkable.</strong> Every trade names the recorded, hash-chained market tick it used, so anyone can recompute it.</li>",
      "</ul>",
      "<h2>Limits</h2>",
      "<ul>",
      "<li>A backtest is not a forecast. Markets change, and a strategy that did well on past data can lose.</li>",
      "<li>Fees are paid on every trade, winning or losing.</li>",
      '<li>Each strategy has markets in which it loses; <a href="/data/detail?id=what-is-ai-quant-trading">What is AI quant trading?</a> names them.</li>',
      "</ul>",
      "<p>No plan guarantees a profit. Only put in money you can afford to lose.</p>",
    ].join("\n"),
  },

  "what-is-the-weighted-score": weightedScoreArticle("en", {
    title: "What is the weighted score?",
    summary:
      "A score from 0 to 1,000 built from your deposits, your trading days and your backtests. With identity verification it sets your credit level and plan quota.",
    intro: [
      "The weighted score measures how you use Quanta: your <strong>total limit</strong> (what you have deposited), your <strong>usage habits</strong> (how often you trade) and your <strong>contribution to model training</strong> (the backtests you run). Together with identity verification it sets your credit level, and your credit level sets which AI quant plans you can join and how much you can hold in them. It is the basic criterion for becoming an investor on Quanta.",
    ],
    formulaHeading: "How it is computed",
    totalLimit: (weight, full) =>
      `<strong>Total limit</strong> = ${weight} × min(1, credited deposits ÷ ${full} USDT). Every deposit credited to your account counts; demo funds do not, and withdrawals do not lower it.`,
    usageHabits: (weight, window) =>
      `<strong>Usage habits</strong> = ${weight} × days with a trade among the last ${window} ÷ ${window}. A day (UTC) counts when you had a spot fill, bought an option, opened or closed a contract position or started a plan; it leaves the window ${window} days later.`,
    contribution: (weight, full) =>
      `<strong>Contribution to model training</strong> = ${weight} × min(1, (backtests run + strategies shared) ÷ ${full}). Your finished backtests and optimisations in the lab count; sharing strategies is not offered yet, so that part is 0.`,
    sum: (max) =>
      `Each term is rounded down to a whole point, and the score is their sum, from 0 to ${max}. It is recomputed every day and shortly after a deposit, a trade or a finished backtest.`,
    levelsHeading: "Credit levels",
    levelUnverified: (level, quota) =>
      `<strong>Level ${level}</strong>: identity not verified. Plan quota ${quota} USDT.`,
    levelVerified: (level, quota) =>
      `<strong>Level ${level}</strong>: identity verified. Plan quota ${quota} USDT.`,
    levelScore: (level, minScore, quota) =>
      `<strong>Level ${level}</strong>: identity verified and a score of at least ${minScore}. Plan quota ${quota} USDT.`,
    outro: [
      "The plan quota is the most you can hold in running plans at once. A score alone never lifts an account without identity verification above the first level.",
      'Your own score, each term with what was counted, and what your next level needs are on <a href="/my">Assets</a>. The score promises no returns and gives no credit: Quanta offers no lending.',
    ],
  }),
};
