// Accounts on the wire (API.md auth/* and GET /profile/profile): what sign-in and the profile
// send and answer. Sign-in answers are the bare token string (API.md), so they need no type here.
import type { IdentityStatus } from "./identity";

/** POST /auth/check/{address}: a single-use SIWE nonce for that address, valid 10 minutes. */
export interface WalletCheck {
  nonce: string;
  /** Whether this address already has an account (the first sign-in creates one). */
  registered: boolean;
}

/** POST /auth/signin-wallet */
export interface WalletSignInRequest {
  /** An EIP-4361 message, exactly as the wallet signed it. */
  message: string;
  /** The 65-byte personal_sign signature, 0x-prefixed hex. */
  signature: string;
  /** Another user's invite code; used only when this sign-in creates the account. */
  inviteCode?: string | null;
}

/** POST /auth/signin (operator accounts). */
export interface PasswordSignInRequest {
  username: string;
  password: string;
}

/** GET /profile/profile */
export interface Profile {
  id: string;
  /** EIP-55 checksummed; null for operator accounts, which sign in with a password. */
  address: string | null;
  name: string | null;
  avatar: string | null;
  locked: boolean;
  /** The latest identity submission's status, or null when the user never submitted one. */
  verified: IdentityStatus | null;
  /** DESIGN §6: 0 unverified, 1 verified, 2-4 by weighted score. */
  creditLevel: 0 | 1 | 2 | 3 | 4;
  /** 0-1000 (DESIGN §6). */
  weightedScore: number;
  inviteCode: string;
  /** ISO-8601 with offset. */
  createdAt: string;
}

/** SIWE timestamps may run this far ahead of the server clock (a phone's clock drifts). */
export const SIWE_CLOCK_SKEW_SECONDS = 60;
/** How long a nonce from /auth/check stays usable. */
export const SIWE_NONCE_LIFETIME_SECONDS = 600;
