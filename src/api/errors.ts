import type { ErrorCode, ErrorParams } from "../../protocol";

/**
 * Why a call failed: the server's status, Code and Params (what the refusal is about, worded in the
 * user's language from code and params), NETWORK/TIMEOUT when no answer came, or SESSION_ENDED
 * when the user signed out before it did.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK" | "TIMEOUT" | "BAD_RESPONSE" | "SESSION_ENDED",
    message: string,
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

/** Fallback text the seed fixed for an error envelope with an empty Message. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a log text; the user reads i18n/refusal-text
export const NETWORK_ERROR_MESSAGE = "Network Error";
