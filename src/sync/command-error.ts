// What the online-only commands (spot, options, contract) share when they fail: the error's shape
// (a kind the screen words, the server's refusal when it answered) and the kinds every product
// reads the same way. Each product keeps its own kinds for the codes it treats apart.
import type { ErrorParams } from "../../protocol/envelope";
import { ApiError } from "../api/errors";

/** The server's code and params, as i18n/refusal-text.ts words them. */
export interface CommandRefusal {
  code: string;
  params: ErrorParams;
}

/**
 * Why a command failed; `refusal` is the server's code and params when it answered (the screen
 * words it), `serverMessage` its English sentence (kept for logs).
 */
export class CommandError<Kind extends string> extends Error {
  constructor(
    readonly kind: Kind,
    message: string,
    readonly serverMessage: string | null = null,
    readonly refusal: CommandRefusal | null = null,
  ) {
    super(message);
  }
}

/** The kinds every product names the same: no answer, a conflict, too many requests, no price. */
export type SharedCommandFailure = "no-answer" | "conflict" | "rate-limited" | "market-stale";

export function sharedFailureOf(error: ApiError): SharedCommandFailure | null {
  switch (error.code) {
    case "NETWORK":
    case "TIMEOUT":
      return "no-answer";
    case "CONFLICT":
    case "IDEMPOTENCY_MISMATCH":
      return "conflict";
    case "RATE_LIMITED":
      return "rate-limited";
    case "MARKET_STALE":
      return "market-stale";
    default:
      return null;
  }
}

/**
 * An ApiError as the product's command error (other errors pass through): `kindOf` names the
 * failure, and the refusal is kept only when the server answered.
 */
export function asCommandError<Kind extends string>(
  error: unknown,
  kindOf: (error: ApiError) => Kind,
  make: (
    kind: Kind,
    message: string,
    serverMessage: string | null,
    refusal: CommandRefusal | null,
  ) => Error,
): unknown {
  if (!(error instanceof ApiError)) return error;
  const answered = error.code !== "NETWORK" && error.code !== "TIMEOUT";
  return make(
    kindOf(error),
    error.message,
    answered ? error.message : null,
    answered ? { code: error.code, params: error.params } : null,
  );
}
