/** Base path of the JSON API (API.md "Conventions"). */
export const API_BASE = "/api/v1";
export const HEALTH_PATH = "/health";
/** Websocket endpoints live under this prefix (API.md "Websockets"); never served by the app shell. */
export const WS_BASE = "/ws";
