// The signed-in user's change log (API.md GET /sync) and the account socket's address.
import { WS_BASE, type SyncPage } from "../../protocol";
import { call } from "./call";
import { apiOrigin } from "./client";

/** GET /sync?cursor=: the next page of the user's changes after `cursor` ("" = from the start). */
export function getChanges(
  cursor: string,
  opts: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<SyncPage> {
  return call("GET /sync", { ...opts, ...(cursor === "" ? {} : { query: { cursor } }) });
}

/**
 * The /ws/account address for a token. Browsers cannot set headers on a websocket, so the token
 * rides in the query (the server keeps it out of its logs).
 */
export function accountSocketUrl(token: string): string {
  const origin = apiOrigin().replace(/^http/, "ws");
  return `${origin}${WS_BASE}/account?token=${encodeURIComponent(token)}`;
}
