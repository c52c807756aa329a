/**
 * Why connecting or signing did not happen. Developer-facing messages: the login screen shows
 * its own translated text for each kind.
 */

/** EIP-1193 code for "the user rejected the request". */
export const USER_REJECTED = 4001;

/** The user closed or refused the wallet's prompt (connect, switch network or sign). */
export class WalletRejectedError extends Error {
  override name = "WalletRejectedError";
}

/** The wallet stayed on a network the server does not accept for sign-in. */
export class UnsupportedChainError extends Error {
  override name = "UnsupportedChainError";
}

/** True when the error (or any error it wraps, as viem and wagmi do) is a user rejection. */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (code === USER_REJECTED || name === "UserRejectedRequestError") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
