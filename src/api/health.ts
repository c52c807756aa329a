import ky from "ky";
import { HEALTH_PATH, type Health } from "../../protocol";

/** GET /health — not enveloped, so it bypasses the envelope rules (used to probe reachability). */
export async function getHealth(origin: string, signal?: AbortSignal): Promise<Health> {
  return ky(`${origin}${HEALTH_PATH}`, { timeout: 10_000, retry: 0, signal }).json<Health>();
}
