// What each refusal carries beside its code (API.md "Conventions": `Code` plus `Params`). The server
// throws `DomainError(code, params, message)`; the app words the refusal from code and params in the
// user's language (src/i18n/refusal-text.ts) and never reads the English `Message`. A code listed here
// must always carry these params; a code not listed carries an empty object.
import type { ErrorCode, ErrorParams } from "./envelope";

/** Params by code. Decimal strings for amounts and prices, as the server formats them. */
export interface RefusalParamsByCode {
  /** `field`: the request field at fault (the body's name for it). */
  VALIDATION: { field: string } | Record<string, never>;

  // spot
  /** A market-priced order while the symbol has no live book, or its last tick is too old. */
  MARKET_STALE: { symbol: string } | { symbol: string; ageSeconds: number; maxSeconds: number };
  /** A market order met an empty side of the book ("ask" to buy, "bid" to sell). */
  BOOK_EMPTY: { symbol: string; side: "ask" | "bid" };
  /** A market order wants more than the whole side holds; quantities in the base coin. */
  BOOK_TOO_THIN: { base: string; side: "ask" | "bid"; held: string; needed: string };
  /** A market order's average price is further from the best price than the cap (percents). */
  SLIPPAGE_EXCEEDED: {
    side: "ask" | "bid";
    average: string;
    worsePercent: string;
    best: string;
    capPercent: string;
  };
}

type Checked<T> = { [K in keyof T]: T[K] extends ErrorParams ? T[K] : never };

/** The params a refusal with code C carries. */
export type RefusalParams<C extends ErrorCode> = C extends keyof RefusalParamsByCode
  ? Checked<RefusalParamsByCode>[C]
  : Record<string, never>;

/** A refusal as data: what the app words in the user's language. */
export interface Refusal<C extends ErrorCode = ErrorCode> {
  code: C;
  params: RefusalParams<C>;
}
