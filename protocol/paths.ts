/** Base path of the JSON API (API.md "Conventions"). */
export const API_BASE = "/api/v1";
export const HEALTH_PATH = "/health";
