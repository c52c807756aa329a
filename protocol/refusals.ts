// What each refusal carries beside its code (API.md "Conventions": `Code` plus `Params`). The server
// throws `DomainError(code, params, message)`; the app words the refusal from code and params in the
// user's language (src/i18n/refusal-text.ts) and never reads the English `Message`. A code listed here
// carries one of the shapes given; a code not listed carries an empty object.
import type { ErrorCode, ErrorParams } from "./envelope";
import type { OperatorRole, Permission } from "./operators";

/**
 * What a VALIDATION refusal found wrong with its field. Two are business rules rather than bad
 * input, and answer 422 instead of 400 (server/plugins/error-status.ts): `maximum-amount` (over
 * the most one request may move) and `wallet-required` (the account has no wallet address).
 */
export type ValidationRule =
  | "required"
  /** Not the expected shape: a decimal string, an address, an e-mail address, an id... */
  | "format"
  /** A field the body may not have. */
  | "not-allowed"
  /** More decimal places than the asset has; `limit` is the number of places. */
  | "decimals"
  /** Must be greater than 0. */
  | "positive"
  /** Above an input bound; `limit` is the bound. */
  | "at-most"
  /** Below an input bound (an option's smallest stake); `limit` is the bound. */
  | "at-least"
  /** Text out of its length range; `limit` is the longest allowed. */
  | "length"
  /** An Ethereum address whose EIP-55 checksum fails (a typo). */
  | "checksum"
  /** Must equal another value of the request (the id in the path). */
  | "mismatch"
  /** Above the most one request may move; `limit` is that amount. */
  | "maximum-amount"
  /** The account has no wallet address to act on. */
  | "wallet-required";

/** Which rule a CONFLICT refusal ran into. */
export type ConflictKind =
  | "identity-under-review"
  | "identity-verified"
  /** A review that was already approved or rejected. */
  | "already-decided"
  /** An on-chain transfer already credited to a recharge. */
  | "transfer-credited"
  /** A transaction hash already submitted with another recharge. */
  | "tx-hash-reused"
  | "username-taken"
  | "already-exists"
  /** A reservation that already ended (each ends exactly once). */
  | "reservation-ended"
  /** A contract order still waiting to open: it is cancelled, not closed. */
  | "order-waiting"
  /** A contract order already open as a position: it is closed, not cancelled. */
  | "order-open"
  /** A contract order already completed; `reason` says how (CONTRACT_CLOSE_REASONS). */
  | "order-completed"
  /** A quant plan that already ended (delivered or stopped). */
  | "plan-ended";

/** Params by code. Decimal strings for amounts and prices, as the server formats them. */
export interface RefusalParamsByCode {
  /** `field`: the request field at fault (the body's name for it); `limit` as a string. */
  VALIDATION:
    | { field: string }
    | { field: string; rule: ValidationRule }
    | { field: string; rule: ValidationRule; limit: string }
    | Record<string, never>;
  /** In `asset`: what is available and what the request needed. */
  INSUFFICIENT_BALANCE: { asset: string; available: string; needed: string };
  /** The least amount in `asset` the request must reach. */
  BELOW_MINIMUM: { asset: string; minimum: string };
  CONFLICT:
    | { conflict: ConflictKind }
    | {
        conflict: "order-completed";
        reason: "user" | "take-profit" | "stop-loss" | "liquidation" | "cancelled";
      }
    | Record<string, never>;
  RATE_LIMITED: { retryAfterSeconds: number } | Record<string, never>;
  /** The daily upload allowance: images and megabytes per 24 hours. */
  QUOTA_EXCEEDED: { count: number; megabytes: number };
  IMAGE_TOO_LARGE: { megapixels: number };
  DESTINATION_NOT_ALLOWED: { destination: "zero-address" | "token-contract" | "platform" };
  /** `from`: the other user's wallet that sent the transfer. */
  NOT_YOUR_TRANSFER: { from: string };
  TRANSFER_MISMATCH: { reason: "no-transfer" | "reverted" };
  /** The part that is not running: the chain, the hot wallet (withdrawals), or the server. */
  UNAVAILABLE: { part: "chain" | "hot-wallet" | "server" } | Record<string, never>;

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

  /** A product the operator has not configured on this server. */
  NOT_OFFERED: { product: "contract" };

  // contract
  /** A limit order the best opposite price already reaches ("use a market order"). */
  LIMIT_WOULD_FILL: { side: "ask" | "bid"; best: string };
  /**
   * A take-profit or stop-loss that must lie `side` of `limit`: the entry price (`reference`
   * "entry") or the liquidation price ("liquidation"); prices at the symbol's scale.
   */
  TARGET_INVALID: {
    field: "takeProfit" | "stopLoss";
    side: "above" | "below";
    reference: "entry" | "liquidation";
    limit: string;
  };

  // quant (protocol/quant.ts)
  /** The plan's level (`required`) is above the user's credit level (`level`). */
  PLAN_LEVEL_TOO_LOW: { required: number; level: number };
  /** USDT: the plan takes amounts from `minimum` to `maximum`. */
  PLAN_AMOUNT_OUT_OF_RANGE: { minimum: string; maximum: string };
  /** USDT: what the credit level's quota leaves and what the subscription needs. */
  PLAN_QUOTA_EXCEEDED: { available: string; needed: string };
  /** At most `limit` backtests and optimisations queued or running per user. */
  JOBS_LIMIT: { limit: number };

  // operators (protocol/operators.ts)
  /** An operator whose role lacks the endpoint's permission; empty for other refusals. */
  FORBIDDEN: { role: OperatorRole; permission: Permission } | Record<string, never>;
  /** The stage the operator's session is in: enrol a TOTP secret, or verify a code. */
  SECOND_FACTOR_REQUIRED: { stage: "enrol" | "verify" };
  /**
   * `wrong`: not a current code of the operator's secret (or not one of their recovery codes);
   * `reused`: a TOTP code already accepted in its window, or a recovery code already used.
   */
  SECOND_FACTOR_INVALID: { factor: "code" | "recoveryCode"; reason: "wrong" | "reused" };
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
