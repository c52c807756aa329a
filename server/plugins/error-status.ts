// The HTTP status of each refusal code (API.md "Conventions": 400 bad input, 401 no or bad token,
// 403 locked or not allowed, 404, 409 conflict, 422 business rule, 429, 503 a part not running).
// The domain raises codes (domain/errors.ts); this table is the one place that gives them a status.
import type { ErrorCode, ErrorParams } from "../../protocol/envelope";
import type { ValidationRule } from "../../protocol/refusals";

export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  BAD_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHORIZED: 401,
  ACCOUNT_LOCKED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  IDEMPOTENCY_MISMATCH: 409,
  INSUFFICIENT_BALANCE: 422,
  BELOW_MINIMUM: 422,
  PREVIOUS_ORDER_OPEN: 422,
  NOT_YOUR_TRANSFER: 422,
  TRANSFER_MISMATCH: 422,
  DESTINATION_NOT_ALLOWED: 422,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  INVALID_IMAGE: 422,
  IMAGE_TOO_LARGE: 422,
  OFFLINE_FEATURE: 409,
  DEMO_ONLY: 403,
  IDENTITY_REQUIRED: 422,
  UNAVAILABLE: 503,
  MARKET_STALE: 503,
  BOOK_EMPTY: 422,
  BOOK_TOO_THIN: 422,
  SLIPPAGE_EXCEEDED: 422,
  NOT_OFFERED: 403,
  LIMIT_WOULD_FILL: 422,
  TARGET_INVALID: 422,
  PLAN_LEVEL_TOO_LOW: 422,
  PLAN_AMOUNT_OUT_OF_RANGE: 422,
  PLAN_QUOTA_EXCEEDED: 422,
  JOBS_LIMIT: 429,
  SECOND_FACTOR_REQUIRED: 401,
  SECOND_FACTOR_INVALID: 422,
  INTERNAL: 500,
};

/**
 * VALIDATION rules that are business rules, not malformed input: 422 like the other business
 * refusals (API.md), where the rest of VALIDATION is 400.
 */
const BUSINESS_RULES: ReadonlySet<ValidationRule> = new Set(["maximum-amount", "wallet-required"]);

/** The status of a refusal: its code's, except VALIDATION of a business rule. */
export function refusalStatus(code: ErrorCode, params: ErrorParams): number {
  const rule = params["rule"];
  if (
    code === "VALIDATION" &&
    typeof rule === "string" &&
    BUSINESS_RULES.has(rule as ValidationRule)
  ) {
    return 422;
  }
  return ERROR_STATUS[code];
}
