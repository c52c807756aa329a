// English content: the source every other language is translated from. Rules for this text:
// honest-money copy (DESIGN §1: no promised returns, risks stated), body HTML limited to the
// tags in types.ts, and in-app links as "/data/detail?id=<slug>" so they work in every language.
// One paragraph or list item per line keeps translation diffs readable.
import { enDocuments } from "./documents/en";
import { enHelp } from "./help/en";
import type { LangContent } from "./types";

export const en: LangContent = {
  settings: {
    pitch: {
      title: "Trading you can check",
      subtitle:
        "Spot trading, contract (leveraged) trading and rise/fall options on the live market feed, with every balance from a double-entry ledger and every result open to inspection.",
      points: [
        {
          title: "Spot and contract trading",
          text: "Spot market and limit orders fill against the live order book, and each fill records the book and the tick it used. Contract positions go long or short with leverage on isolated margin, with Quanta (the house) as the counterparty at the market feed’s prices. Leverage multiplies losses, and a liquidation loses the position’s whole margin.",
        },
        {
          title: "Rise/fall options",
          text: "Bet whether the price will be higher or lower after a set number of seconds. A win pays your stake plus the quoted payout, a loss loses the whole stake and a tie returns the stake; a fee is charged on every purchase. Quanta (the house) is the counterparty, at the market feed’s recorded prices.",
        },
        {
          title: "USDT in and out",
          text: "USDT (ERC20) deposits are verified on chain. Each withdrawal is approved or refused with a stated reason, and no fee is ever asked to release it.",
        },
        {
          title: "Checkable, with no promised returns",
          text: "Trades, contract positions and options settle only from recorded, hash-chained market ticks, and anyone can recompute each result; every settled option and every liquidation, take-profit or stop-loss has Verify in the app. You can lose money, including all of your stake or margin, and on average a 50/50 guess on an option loses money.",
        },
      ],
    },
    subscribe: {
      title: "Newsletter",
      text: "Occasional e-mails about product updates and changes to fees or terms. No spam, and we never sell your address. To have it removed, write to support.",
    },
    footer: {
      operator: "This Quanta instance is run by its operator. In demo mode, no real funds move.",
      copyright: "© 2026 Quanta",
    },
  },

  links: {
    "live-chat": "Contact support (example address)",
    "messaging-app": "Support on Matrix (example address)",
    "help-centre": "Help centre",
    "community-guidelines": "Community guidelines",
    "user-agreement": "User agreement",
    "privacy-policy": "Privacy policy",
    "partner-ethereum": "Ethereum — settlement network",
    "partner-tether": "Tether USDT (ERC20) — deposit asset",
    "partner-binance-data": "Binance public market data (production feed)",
    "partner-foundry": "Foundry anvil — demo chain",
  },

  articles: {
    "is-profit-guaranteed": {
      title: "Is profit guaranteed?",
      summary: "No. Every trade can lose money, and past prices do not predict future ones.",
      body: [
        "<p><strong>No.</strong> No trade on Quanta guarantees a profit, and nobody working for Quanta may promise you one. If anyone does, treat it as a warning sign and report it to support.</p>",
        "<h2>Why you can lose money</h2>",
        "<ul>",
        "<li><strong>Markets change.</strong> Patterns a strategy learned from past data can stop working without warning.</li>",
        "<li><strong>Fees.</strong> Fees are charged whether a trade wins or loses.</li>",
        "<li><strong>Leverage.</strong> Leverage multiplies losses as well as gains. A move against a contract position of 1/leverage less the maintenance margin rate liquidates it: at 20× with a 0.5 % maintenance margin, a move of about 4.5 %. A liquidation loses the position’s whole margin.</li>",
        "<li><strong>Rise/fall options.</strong> A win pays back the stake plus less than 100 % of it, and a fee is charged on every purchase, so on average a 50/50 guess loses money.</li>",
        "</ul>",
        "<p>You can lose all of your stake, and all of the margin of a contract position.</p>",
        "<h2>What Quanta does promise</h2>",
        "<ul>",
        "<li>Results come only from recorded market prices by published rules. No one can choose a win or a loss for you.</li>",
        "<li>Fees are shown before you confirm.</li>",
        "<li>A withdrawal is approved or rejected with a stated reason, and you are never asked to pay anything to release it.</li>",
        "</ul>",
        "<p>Only trade with money you can afford to lose.</p>",
      ].join("\n"),
    },

    ...enDocuments,
    ...enHelp,

    "welcome-to-quanta": {
      title: "Welcome to Quanta",
      summary:
        "A trading app you sign in to with your own wallet. It keeps a double-entry ledger and settles every trade from recorded market prices.",
      body: [
        "<p>Quanta is a trading app you sign in to with your own Ethereum wallet. It offers spot trading with market and limit orders and, where this instance lists them, contract (leveraged) trading and rise/fall options, with USDT (ERC20) deposits and withdrawals, in 11 languages. It installs like an app, keeps working offline and always shows how fresh its data is.</p>",
        "<h2>Built to be checked</h2>",
        "<p>Apps like this one have a poor reputation: fake balances, rigged settlements, withdrawals held back. Quanta is built to be provably different.</p>",
        "<ul>",
        "<li><strong>No money from nowhere.</strong> Every balance is the sum of entries in a double-entry ledger, in which every transaction balances to zero.</li>",
        "<li><strong>No chosen outcomes.</strong> Trades settle only from recorded, hash-chained market ticks by published rules, and each settled order shows the ticks it used.</li>",
        "<li><strong>Withdrawals are never held hostage.</strong> Each request is approved or rejected with a stated reason, and no fee, tax or deposit is ever required to release funds.</li>",
        "<li><strong>Truthful copy.</strong> Risk warnings where they apply, no promised returns, and no promises of products that do not exist yet.</li>",
        "</ul>",
        '<p>Trading is risky and you can lose money. Start with the <a href="/data?category=help">help centre</a>. If this instance runs in demo mode, you can try everything with demo funds first.</p>',
      ].join("\n"),
    },

    "how-settlements-are-verified": {
      title: "How settlements are verified",
      summary:
        "Every trade settles from recorded market ticks, hash-chained per symbol. Here is how to recompute a result and check the chain yourself.",
      body: [
        "<p>On Quanta, no person decides whether a trade wins or loses. Every settlement is computed from <strong>recorded market ticks</strong>, each with a price, a time and a sequence number, by a published rule. Every settled order shows the ticks it used.</p>",
        "<h2>The tick chain</h2>",
        "<p>Ticks are chained per symbol, like the blocks of a blockchain. Each tick carries a hash: the SHA-256 of the text <em>previous hash|sequence number|price|time</em>, written in lowercase hexadecimal. The first tick of a symbol uses 64 zeros as its previous hash. Changing any recorded tick would change its hash and every hash after it.</p>",
        "<h2>Check it yourself</h2>",
        "<ol>",
        "<li>Read the newest link of a symbol’s chain from <strong>/api/v1/market/ticks/head</strong> (for example with ?symbol=BTC/USDT) and keep its hash.</li>",
        "<li>Read the ticks around your order from <strong>/api/v1/market/ticks</strong> with the symbol and a time range (from, to).</li>",
        "<li>Recompute each hash from the previous one, using the price and time exactly as served. Each must match, and the chain must lead to the head you kept.</li>",
        "</ol>",
        "<p>If you keep the head hash you saw, a later rewrite of earlier ticks cannot go unnoticed: the recomputed chain would no longer lead to it.</p>",
        "<h2>Rise/fall options</h2>",
        "<p>An option’s entry is the first recorded tick after the purchase is accepted, and its exit the last recorded tick at or before expiry. Verify on each settled option in the app checks the chain and recomputes the result; <strong>npm run verify -- options</strong> does the same from the command line.</p>",
        "<h2>Contract positions</h2>",
        "<p>A contract position is liquidated, or closed by its take-profit or stop-loss, only by a recorded tick after the tick it opened on, at that tick’s price: the first tick that reaches one of its levels decides, and the closed position names it. Verify on such a position in the app checks the chain from its opening tick to that tick, that no tick in between reached a level, and the result.</p>",
        "<p>A take-profit or stop-loss counts from the first tick recorded after it was set: the position records the newest tick at that moment, and Verify checks from there. A liquidation price never changes.</p>",
        "<p>These addresses are public and need no account. If a result does not match, contact support with the order’s id.</p>",
      ].join("\n"),
    },

    "demo-mode-explained": {
      title: "Demo mode explained",
      summary:
        "In demo mode the market is simulated, the chain is a local test chain and balances are demo funds. Nothing in it has monetary value.",
      body: [
        "<p>Quanta runs in one of two modes. Demo mode is the default when the software is started on a single machine, and it is meant for trying the product without risk.</p>",
        "<h2>What is different in demo mode</h2>",
        "<ul>",
        "<li><strong>Simulated market.</strong> Prices come from a simulator with realistic volatility and order books, not from a real exchange. Its ticks are recorded and hash-chained like a real feed, so settlement works as in production.</li>",
        "<li><strong>Local test chain.</strong> Deposits and withdrawals use a local development chain (Foundry’s anvil) with a test USDT token that has no value. A faucet sends test USDT to your wallet.</li>",
        "<li><strong>Demo funds.</strong> You can add demo funds to your balance. They appear in your bills as “Demo funds”, so they can never be mistaken for a deposit.</li>",
        "<li><strong>Demo wallet.</strong> If you have no wallet, the app can create a demo wallet whose key is kept in your browser. Use it for demo mode only.</li>",
        "</ul>",
        "<p>Every screen is labelled while demo mode is on.</p>",
        "<h2>What stays the same</h2>",
        "<p>The ledger, the settlement rules, the fee display and the withdrawal rules are the same code as in production. A result in demo mode is a real result of those rules on simulated prices, but simulated prices are not market prices: it says nothing about what you would earn in production.</p>",
        "<h2>Demo never becomes production</h2>",
        "<p>Demo features exist only in demo mode. A server in production mode refuses to start with any of them switched on, and a database used in one mode refuses a server of the other, so demo funds can never become real money.</p>",
      ].join("\n"),
    },

    "our-withdrawal-promise": {
      title: "Our withdrawal promise",
      summary:
        "Every withdrawal is approved or rejected with a stated reason. No fee, tax, deposit or task is ever required to release your funds.",
      body: [
        "<p>A common scam in trading apps is the withdrawal that never arrives: the balance looks fine until you try to take it out, and then you are asked to pay a “tax”, an “unlock fee” or a “deposit”, or to complete “tasks” first. Quanta is built so that this can never be how it works.</p>",
        "<h2>The promise</h2>",
        "<ul>",
        "<li>Every withdrawal request is either <strong>approved and sent</strong>, or <strong>rejected with a stated reason</strong>. If it is rejected, the amount returns to your available balance.</li>",
        "<li>The only fee is the withdrawal fee shown <strong>before</strong> you confirm, together with the minimum and maximum amounts.</li>",
        "<li>We <strong>never</strong> require a fee, tax, deposit, trading volume or task to release your funds. The software has no such option.</li>",
        "</ul>",
        "<h2>What you can see</h2>",
        "<p>Each withdrawal shows its status (under review, approved and sending, succeeded or failed), the fee, the destination address and, once sent, the transaction hash to look up on a block explorer. While a withdrawal is reviewed, its amount is frozen in your ledger; it is then either deducted or returned, exactly once.</p>",
        "<blockquote>If anyone, including someone claiming to be Quanta support, asks you to pay to release a withdrawal, it is a scam. Do not pay, and report it.</blockquote>",
      ].join("\n"),
    },

    "market-data-sources": {
      title: "Where our market data comes from",
      summary:
        "Demo instances use a seeded market simulator; production instances use a public exchange feed. Both are recorded and hash-chained.",
      body: [
        "<p>Every price you see and every settlement on Quanta comes from one market feed per instance. Which feed depends on the mode.</p>",
        "<h2>Demo mode: a simulator</h2>",
        "<p>A seeded simulator produces prices with realistic volatility, order-book depth and backfilled history. It is not connected to any real market, and its prices are not real prices.</p>",
        "<h2>Production mode: a public exchange feed</h2>",
        '<p>Production instances read public market data from a major exchange, such as <a href="https://www.binance.com/en/binance-api">Binance public market data</a>. Quanta is not affiliated with that exchange and does not send your orders there: the operator fills them against the feed’s order book by published rules.</p>',
        "<h2>Recorded either way</h2>",
        '<p>Whatever the source, each tick is recorded with a sequence number and chained by hash before it is used, so every settlement can be recomputed later; see <a href="/data/detail?id=how-settlements-are-verified">How settlements are verified</a>. When the feed is interrupted, prices are marked as stale and orders priced by the market are paused until fresh data arrives.</p>',
      ].join("\n"),
    },
  },
};
