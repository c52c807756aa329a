// Accounts on the wire (API.md auth/* and GET /profile/profile): what sign-in and the profile
// send and answer. Sign-in answers are the bare token string (API.md), so they need no type here.
import type { Static } from "@sinclair/typebox";
import type { PasswordSignInBody, WalletCheckAnswer, WalletSignInBody } from "./endpoints/auth";
import type { IdentityStatus } from "./identity";

/** POST /auth/check/{address}: a single-use SIWE nonce for that address, valid 10 minutes. */
export type WalletCheck = Static<typeof WalletCheckAnswer>;

/** POST /auth/signin-wallet */
export type WalletSignInRequest = Static<typeof WalletSignInBody>;

/** POST /auth/signin (operator accounts). */
export type PasswordSignInRequest = Static<typeof PasswordSignInBody>;

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
