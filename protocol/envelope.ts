/** The envelope every JSON answer of the API carries (API.md "Conventions"). */
export interface Envelope<T> {
  HttpStatusCode: number;
  Message: string;
  Data: T;
  /** Machine-readable error code; present on errors only. */
  Code?: ErrorCode;
  /**
   * What the refusal is about, as data (API.md "Conventions"): the app words the refusal from
   * `Code` and `Params` in the user's language; `Message` is the English sentence.
   */
  Params?: ErrorParams;
}

/** A refusal's parameters: flat and JSON-safe. Amounts and prices are decimal strings. */
export type ErrorParams = Readonly<Record<string, string | number | boolean | null>>;

export const ERROR_CODES = [
  /** A client mistake with no more specific code (bad URL, wrong Content-Length, ...). */
  "BAD_REQUEST",
  "VALIDATION",
  "BAD_JSON",
  "PAYLOAD_TOO_LARGE",
  /** The request line or headers exceed the server's limit (431, e.g. a huge query string). */
  "HEADERS_TOO_LARGE",
  /** The request did not arrive in full within the server's time limit (408). */
  "REQUEST_TIMEOUT",
  "UNSUPPORTED_MEDIA_TYPE",
  "UNAUTHORIZED",
  "ACCOUNT_LOCKED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "IDEMPOTENCY_MISMATCH",
  "INSUFFICIENT_BALANCE",
  "BELOW_MINIMUM",
  "PREVIOUS_ORDER_OPEN",
  /** A recharge names a transfer that another user's wallet sent (422). */
  "NOT_YOUR_TRANSFER",
  /** A recharge's transfer does not exist as claimed: another token, recipient, amount, or reverted (422). */
  "TRANSFER_MISMATCH",
  /** A withdrawal to an address that would lose the funds or loop them back (422). */
  "DESTINATION_NOT_ALLOWED",
  "RATE_LIMITED",
  /** A per-user allowance is used up (e.g. daily uploads); it renews with time. */
  "QUOTA_EXCEEDED",
  /** An upload is not a readable JPEG, PNG or WebP image although it claims to be one. */
  "INVALID_IMAGE",
  /** An image's dimensions exceed the pixel limit (a decompression-bomb guard). */
  "IMAGE_TOO_LARGE",
  "OFFLINE_FEATURE",
  "DEMO_ONLY",
  /** A withdrawal to an address other than the user's own wallet before identity passed (422). */
  "IDENTITY_REQUIRED",
  /** A part the request needs is not running yet or not configured (503), e.g. the dev chain. */
  "UNAVAILABLE",
  /** A market-priced order while the symbol has no live book or its last tick is too old (503). */
  "MARKET_STALE",
  /** A market order met an empty side of the order book (stored as a rejected order's reason). */
  "BOOK_EMPTY",
  /** A market order wants more than its side of the book holds (a rejected order's reason). */
  "BOOK_TOO_THIN",
  /** A market order would fill beyond the slippage cap (a rejected order's reason). */
  "SLIPPAGE_EXCEEDED",
  /** A product this server does not offer (production without its configuration), 403. */
  "NOT_OFFERED",
  /** A contract limit order the book already crosses: a market order fills better (422). */
  "LIMIT_WOULD_FILL",
  /** A take-profit or stop-loss on the wrong side of the entry or liquidation price (422). */
  "TARGET_INVALID",
  /** A quant plan above the user's credit level (422). */
  "PLAN_LEVEL_TOO_LOW",
  /** A quant subscription amount outside the plan's range (422). */
  "PLAN_AMOUNT_OUT_OF_RANGE",
  /** A quant subscription above what the credit level's quota leaves (422). */
  "PLAN_QUOTA_EXCEEDED",
  /** Too many backtests or optimisations of one user queued or running at once (429). */
  "JOBS_LIMIT",
  /**
   * An operator token whose session has not passed its second factor yet (401): only the
   * /admin/session endpoints and /auth/logout take it (protocol/operators.ts).
   */
  "SECOND_FACTOR_REQUIRED",
  /** A wrong TOTP or recovery code, or one already used (422); the session stays as it was. */
  "SECOND_FACTOR_INVALID",
  "INTERNAL",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Seed messages that must be used verbatim (API.md). */
export const SEED_MESSAGES = {
  enterAmount: "Please enter the amount",
  insufficientBalance: "Insufficient available balance",
  belowMinimum: "Not less than the minimum amount",
  previousOrderOpen: "Please complete the previous order first",
} as const;

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    "HttpStatusCode" in value &&
    typeof (value as { HttpStatusCode: unknown }).HttpStatusCode === "number"
  );
}
