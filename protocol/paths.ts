/** Base path of the JSON API (API.md "Conventions"). */
export const API_BASE = "/api/v1";
export const HEALTH_PATH = "/health";
/** Websocket endpoints live under this prefix (API.md "Websockets"); never served by the app shell. */
export const WS_BASE = "/ws";
/**
 * The demo's JSON-RPC relay to the dev chain (POST, JSON-RPC 2.0 in and out, not enveloped). Under
 * API_BASE so it shares /api's rate limit and the app shell never answers it.
 */
export const RPC_PATH = `${API_BASE}/rpc`;
