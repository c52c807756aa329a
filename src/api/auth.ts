import type { WalletCheck, WalletSignInRequest } from "../../protocol";
import { request } from "./client";

/** POST /auth/check/{address}: a single-use SIWE nonce (valid 10 min) and whether it is registered. */
export function checkAddress(address: string): Promise<WalletCheck> {
  return request<WalletCheck>("POST", `auth/check/${encodeURIComponent(address)}`);
}

/** POST /auth/signin-wallet: the opaque session token. */
export function signInWallet(body: WalletSignInRequest): Promise<string> {
  return request<string>("POST", "auth/signin-wallet", { json: body });
}

/**
 * POST /auth/logout: revokes the token server-side. Takes the token explicitly because sign-out
 * clears the local session first (the user is signed out here even if this call never arrives).
 */
export async function logout(token: string): Promise<void> {
  await request<null>("POST", "auth/logout", { token, quiet: true });
}
