// Sign-In with Ethereum, end to end: a nonce for an address, then a signed message for a session.
//
// Nonce policy: a nonce is consumed only by a sign-in that succeeds, in the same transaction that
// creates the session. Any failure (bad message, bad signature, locked account...) leaves it as
// it was, so nobody can burn another user's pending nonce with a junk request; once a sign-in
// has used it, it never works again.
import { randomBytes } from "node:crypto";
import type { Db, Queryable } from "../../db/db";
import {
  consumeNonce,
  deleteStaleNonces,
  findNonceState,
  insertNonce,
} from "../../db/repositories/nonce-repository";
import { findUserByAddress } from "../../db/repositories/user-repository";
import { SIWE_NONCE_LIFETIME_SECONDS, type WalletCheck } from "../../../protocol/account";
import { refusal } from "../errors";
import { startSession } from "./sessions";
import { checkSiweMessage, checkSiweSignature, SignInRejected } from "./siwe-message";
import { findOrCreateWalletUser } from "./wallet-users";

/** Used and expired nonces are forgotten an hour after expiry (see deleteStaleNonces). */
const STALE_NONCE_GRACE_SECONDS = 3600;

/** POST /auth/check/{address}: a fresh nonce (128 random bits, hex: alphanumeric per EIP-4361). */
export async function issueWalletNonce(db: Db, address: string): Promise<WalletCheck> {
  const nonce = randomBytes(16).toString("hex");
  await deleteStaleNonces(db, STALE_NONCE_GRACE_SECONDS);
  await insertNonce(db, nonce, address, SIWE_NONCE_LIFETIME_SECONDS);
  return { nonce, registered: (await findUserByAddress(db, address)) !== null };
}

export interface WalletSignIn {
  message: string;
  signature: `0x${string}`;
  inviteCode?: string | null;
}

export interface WalletSignInContext {
  /** See siwe-message.ts expectedOrigin. */
  origin: string;
  chainIds: readonly number[];
  now?: Date;
}

/** Verifies the signed message and answers a new session token. Throws SignInRejected (401). */
export async function signInWithWallet(
  db: Db,
  input: WalletSignIn,
  context: WalletSignInContext,
): Promise<string> {
  const { address, nonce } = checkSiweMessage(input.message, {
    origin: context.origin,
    chainIds: context.chainIds,
    now: context.now ?? new Date(),
  });
  await checkSiweSignature(input.message, input.signature, address);

  return db.transaction(async (tx) => {
    await useNonce(tx, nonce, address);
    const user = await findOrCreateWalletUser(tx, address, input.inviteCode);
    // Thrown inside the transaction, so the nonce stays unused (policy above).
    if (user.locked) throw refusal("ACCOUNT_LOCKED", "This account is locked");
    return startSession(tx, user.id);
  });
}

async function useNonce(tx: Queryable, nonce: string, address: string): Promise<void> {
  if (await consumeNonce(tx, nonce, address)) return;
  const state = await findNonceState(tx, nonce);
  if (state === null) {
    throw new SignInRejected("The nonce is unknown; get a new one from /auth/check");
  }
  if (state.address !== address.toLowerCase()) {
    throw new SignInRejected("The nonce was issued to another address");
  }
  if (state.used) throw new SignInRejected("The nonce was already used; sign in again");
  if (state.expired) throw new SignInRejected("The nonce has expired; sign in again");
  // Unreachable unless the row changed between the two statements; treat it as used.
  throw new SignInRejected("The nonce was already used; sign in again");
}
