import type { Profile } from "../../protocol";
import { call } from "./call";

/**
 * GET /profile/profile: the signed-in user's profile, or null when the server answered without
 * one. `quiet` is for background refreshes: a failure then shows no toast (401 and a lock still
 * reach their hooks). `token` checks a fresh sign-in's token before it is stored as the session.
 */
export function getProfile(
  opts: { quiet?: boolean; token?: string } = {},
): Promise<Profile | null> {
  return call("GET /profile/profile", opts);
}

/** GET /profile/score: the stored weighted score, its terms, their inputs and the next level. */
export function getWeightedScore(opts: { quiet?: boolean } = {}) {
  return call("GET /profile/score", opts);
}
