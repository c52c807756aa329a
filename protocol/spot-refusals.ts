// Why a spot order was refused (422) or rejected (stored with `reason`), as data. The wire
// carries the English sentence (API.md: messages are English); the app parses it back with
// `parseSpotRefusal` to say it in the user's language with locale-formatted numbers. One module
// writes and reads the sentences, so the two cannot drift apart (spot-refusals.test.ts).

/** Decimal strings as the server formats them (prices in USDT, quantities in the base coin). */
export type SpotRefusal =
  /** A market order met an empty side of the book. */
  | { kind: "book-empty"; symbol: string; side: "ask" | "bid" }
  /** A market order wants more than the whole side of the book holds. */
  | { kind: "book-too-thin"; base: string; side: "ask" | "bid"; held: string; needed: string }
  /** A market order's average price is further from the best price than the slippage cap. */
  | {
      kind: "beyond-slippage";
      side: "ask" | "bid";
      average: string;
      worsePercent: string;
      best: string;
      capPercent: string;
    };

export function spotRefusalText(r: SpotRefusal): string {
  switch (r.kind) {
    case "book-empty":
      return `The order book of ${r.symbol} has no ${r.side}s`;
    case "book-too-thin":
      return (
        `The order book holds only ${r.held} ${r.base} on the ${r.side} side; ` +
        `this order needs ${r.needed}`
      );
    case "beyond-slippage":
      return (
        `The average price ${r.average} would be ${r.worsePercent} % ` +
        `${r.side === "ask" ? "above the best ask" : "below the best bid"} ${r.best}; ` +
        `market orders fill within ${r.capPercent} % of the best price`
      );
  }
}

const NUM = "(\\d+(?:\\.\\d+)?)";
const COIN = "([A-Z0-9]+)";
const SYMBOL = "([A-Z0-9]+/[A-Z0-9]+)";

const PATTERNS: readonly ((text: string) => SpotRefusal | null)[] = [
  (text) => {
    const m = new RegExp(`^The order book of ${SYMBOL} has no (ask|bid)s$`).exec(text);
    return m ? { kind: "book-empty", symbol: m[1] ?? "", side: side(m[2]) } : null;
  },
  (text) => {
    const m = new RegExp(
      `^The order book holds only ${NUM} ${COIN} on the (ask|bid) side; this order needs ${NUM}$`,
    ).exec(text);
    return m
      ? {
          kind: "book-too-thin",
          held: m[1] ?? "",
          base: m[2] ?? "",
          side: side(m[3]),
          needed: m[4] ?? "",
        }
      : null;
  },
  (text) => {
    const m = new RegExp(
      `^The average price ${NUM} would be ${NUM} % (above the best ask|below the best bid) ${NUM}; ` +
        `market orders fill within ${NUM} % of the best price$`,
    ).exec(text);
    return m
      ? {
          kind: "beyond-slippage",
          average: m[1] ?? "",
          worsePercent: m[2] ?? "",
          side: m[3] === "above the best ask" ? "ask" : "bid",
          best: m[4] ?? "",
          capPercent: m[5] ?? "",
        }
      : null;
  },
];

function side(word: string | undefined): "ask" | "bid" {
  return word === "bid" ? "bid" : "ask";
}

/** The refusal a server sentence states, or null for any other text. */
export function parseSpotRefusal(text: string): SpotRefusal | null {
  for (const parse of PATTERNS) {
    const refusal = parse(text);
    if (refusal !== null && spotRefusalText(refusal) === text) return refusal;
  }
  return null;
}
