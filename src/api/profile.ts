import type { Profile } from "../../protocol";
import { request } from "./client";

/**
 * GET /profile/profile: the signed-in user's profile, or null when the server answered without
 * one. `quiet` is for background refreshes: a failure then shows no toast (401 and a lock still
 * reach their hooks). `token` checks a fresh sign-in's token before it is stored as the session.
 */
export function getProfile(
  opts: { quiet?: boolean; token?: string } = {},
): Promise<Profile | null> {
  return request<Profile | null>("GET", "profile/profile", opts);
}
