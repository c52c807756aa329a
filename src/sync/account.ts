// The account's server half: wallet sign-in (nonce, token, profile check) and sign-out. The
// profile then stays current through the change log (src/sync/pull-account.ts).
import type { Profile, WalletSignInRequest } from "../../protocol";
import { checkAddress, logout, signInWallet } from "../api/auth";
import { cancelSessionRequests } from "../api/client";
import { getProfile } from "../api/profile";
import { clearSession, getSessionUserId, getToken, saveSession } from "../db/session";

/** The server answered a token but no usable profile: the sign-in does not count. */
export class EmptyProfileError extends Error {
  override name = "EmptyProfileError";
}

/** Step one of a wallet sign-in: the single-use nonce the message must carry. */
export async function requestSignInNonce(address: string): Promise<string> {
  return (await checkAddress(address)).nonce;
}

/**
 * Step two: trade the signed message for a token, check the token's profile, and only then
 * store the session — so a failure anywhere leaves the device signed out.
 */
export async function finishWalletSignIn(signed: WalletSignInRequest): Promise<void> {
  const token = await signInWallet(signed);
  const profile = await getProfile({ token }).catch(async (error: unknown) => {
    await logout(token).catch(() => undefined);
    throw error;
  });
  if (!isUsableProfile(profile)) {
    await logout(token).catch(() => undefined);
    throw new EmptyProfileError("The server answered no profile for the new session.");
  }
  storeProfile(token, profile);
}

/**
 * Signs out here at once (token, name, avatar, info and the user's local data; requests still
 * in flight with the token are cancelled), then revokes the token on the server, best effort: an
 * unreachable server must not keep anyone signed in.
 */
export async function signOut(): Promise<void> {
  const token = getToken();
  const userId = getSessionUserId();
  clearSession();
  cancelSessionRequests();
  await Promise.allSettled([
    userId === null ? Promise.resolve() : clearUserData(userId),
    token === null ? Promise.resolve() : logout(token),
  ]);
}

function isUsableProfile(profile: Profile | null): profile is Profile {
  return (
    typeof profile === "object" &&
    profile !== null &&
    typeof profile.id === "string" &&
    profile.id !== ""
  );
}

function storeProfile(token: string, profile: Profile): void {
  saveSession({
    token,
    name: profile.name ?? null,
    avatar: profile.avatar ?? null,
    info: { ...profile },
  });
}

/**
 * The user's private data in IndexedDB (profile, identity, messages, outbox, cursor); loaded on
 * demand so Dexie stays out of the entry chunk.
 */
async function clearUserData(userId: string): Promise<void> {
  const { clearUserData: clear } = await import("../db/account-data");
  await clear(userId);
}
