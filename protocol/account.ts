// Accounts on the wire (API.md auth/* and GET /profile/profile): what sign-in and the profile
// send and answer. Sign-in answers are the bare token string (API.md), so they need no type here.
import type { Static } from "@sinclair/typebox";
import type { PasswordSignInBody, WalletCheckAnswer, WalletSignInBody } from "./endpoints/auth";
import type { ProfileAnswer } from "./endpoints/profile";

/** POST /auth/check/{address}: a single-use SIWE nonce for that address, valid 10 minutes. */
export type WalletCheck = Static<typeof WalletCheckAnswer>;

/** POST /auth/signin-wallet */
export type WalletSignInRequest = Static<typeof WalletSignInBody>;

/** POST /auth/signin (operator accounts). */
export type PasswordSignInRequest = Static<typeof PasswordSignInBody>;

/**
 * GET /profile/profile. `verified` is the latest identity submission's status (null when the user
 * never submitted one); creditLevel (DESIGN §6): 0 unverified, 1 verified, 2-4 by weighted score.
 */
export type Profile = Static<typeof ProfileAnswer>;

/** SIWE timestamps may run this far ahead of the server clock (a phone's clock drifts). */
export const SIWE_CLOCK_SKEW_SECONDS = 60;
/** How long a nonce from /auth/check stays usable. */
export const SIWE_NONCE_LIFETIME_SECONDS = 600;
