import type { ErrorCode } from "../../protocol";

/** Why a call failed: the server's status and Code, or NETWORK/TIMEOUT when no answer came. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK" | "TIMEOUT" | "BAD_RESPONSE",
    message: string,
  ) {
    super(message);
  }
}

/** Fallback text the seed fixed for an error envelope with an empty Message. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- translated where shown (i18n/server-messages)
export const NETWORK_ERROR_MESSAGE = "Network Error";
