import type { Profile, WalletSignInRequest } from "../../protocol";
import { checkAddress, logout, signInWallet } from "../api/auth";
import { getProfile } from "../api/profile";
import { clearSession, getToken, saveSession } from "../db/session";

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
 * Signs out here at once (token, name, avatar, info and the user's local data), then revokes
 * the token on the server, best effort: an unreachable server must not keep anyone signed in.
 */
export async function signOut(): Promise<void> {
  const token = getToken();
  clearSession();
  await Promise.allSettled([clearUserData(), token === null ? Promise.resolve() : logout(token)]);
}

let refreshing: Promise<void> | null = null;

/**
 * Re-reads the profile of the signed-in user (start, focus, every minute): it keeps name, avatar
 * and info current and lets a lock reach an open app (the API answers 403 ACCOUNT_LOCKED, which
 * the transport hands to the app's lock handler). Failures are silent: nobody asked for it.
 */
export function refreshProfile(): Promise<void> {
  refreshing ??= (async () => {
    const token = getToken();
    if (token === null) return;
    try {
      const profile = await getProfile({ quiet: true });
      // Signed out (or in as someone else) while the request was on its way: drop the answer.
      if (getToken() === token && isUsableProfile(profile)) storeProfile(token, profile);
    } catch {
      // Offline, 401 or locked: the transport's hooks already did what those need.
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
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

/** The user's private data in IndexedDB; loaded on demand so Dexie stays out of the entry. */
async function clearUserData(): Promise<void> {
  const { clearIdentities } = await import("../db/identity");
  await clearIdentities();
}
