// What the product offers today, feature by feature, and the words that name each feature in the
// seed's English copy (the source every translation follows). tests/server/seed-features.test.ts
// reads every seeded setting, link and article against this list: copy may name only features
// that are offered, and each offered feature's route must exist in the app. A product's copy
// arrives with the product: flip `offered` in the same change that ships it (DESIGN §1.4).

export interface Feature {
  /** What the copy would be promising. */
  name: string;
  /** The app route that offers it (src/routes). */
  route: string;
  offered: boolean;
  /** How English copy names it; case-insensitive, on text without HTML. */
  terms: readonly RegExp[];
}

export const FEATURES: readonly Feature[] = [
  {
    name: "spot trading",
    route: "/spots",
    offered: true,
    terms: [/\bspot (?:trading|orders?|trades?)\b/i],
  },
  { name: "USDT deposits", route: "/recharge", offered: true, terms: [/\bdeposits?\b/i] },
  {
    name: "withdrawals",
    route: "/withdrawal",
    offered: true,
    terms: [/\bwithdraw(?:al|als|ing)?\b/i],
  },
  {
    name: "identity verification",
    route: "/verified",
    offered: true,
    terms: [/\bidentity verification\b/i, /\bverify (?:your )?identity\b/i],
  },
  { name: "bills and records", route: "/records", offered: true, terms: [/\bbills\b/i] },
  { name: "help centre", route: "/data", offered: true, terms: [/\bhelp cent(?:re|er)\b/i] },
  {
    name: "contract (leveraged) trading",
    route: "/contract",
    offered: true,
    terms: [
      /\bcontract (?:\(leveraged\) )?(?:trading|positions?|fees?)\b/i,
      /\bleverage/i,
      /\bliquidat/i,
    ],
  },
  {
    name: "rise/fall options",
    route: "/options",
    offered: true,
    terms: [/\brise\/fall\b/i, /\boptions? (?:trading|orders?|fees?)\b/i, /\boptions,/i],
  },
  {
    name: "AI quant plans",
    route: "/intelligent",
    offered: true,
    terms: [/\bquant\b/i, /\bAI (?:trading|plans?)\b/i, /\bplans?\b/i],
  },
  { name: "backtests", route: "/intelligent", offered: true, terms: [/\bbacktest/i] },
  {
    name: "weighted score and credit levels",
    route: "/my",
    offered: true,
    terms: [/\bweighted score\b/i, /\bcredit level\b/i, /\bplan levels?\b/i],
  },
  {
    name: "invitations",
    route: "/invite",
    offered: true,
    terms: [/\binvit(?:e|es|ed|ation|ations)\b/i],
  },
];

/** The features `text` names (HTML tags stripped), each once, in FEATURES order. */
export function featuresNamedIn(text: string): Feature[] {
  const plain = text.replace(/<[^>]*>/g, " ");
  return FEATURES.filter((feature) => feature.terms.some((term) => term.test(plain)));
}
