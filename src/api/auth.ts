import type { WalletCheck, WalletSignInRequest } from "../../protocol";
import { call } from "./call";

/** POST /auth/check/{address}: a single-use SIWE nonce (valid 10 min) and whether it is registered. */
export function checkAddress(address: string): Promise<WalletCheck> {
  return call("POST /auth/check/:address", { params: { address } });
}

/** POST /auth/signin-wallet: the opaque session token. */
export function signInWallet(body: WalletSignInRequest): Promise<string> {
  return call("POST /auth/signin-wallet", { body });
}

/**
 * POST /auth/logout: revokes the token server-side. Takes the token explicitly because sign-out
 * clears the local session first (the user is signed out here even if this call never arrives).
 */
export async function logout(token: string): Promise<void> {
  await call("POST /auth/logout", { token, quiet: true });
}
