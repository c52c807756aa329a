import { getHealth } from "../api/health";
import { saveServerInfo } from "../db/server-info";
import { reportReachability } from "./online";

/** Asks the server what it is (mode, version) and records it; failure only marks us offline. */
export async function refreshServerInfo(origin: string): Promise<void> {
  try {
    const health = await getHealth(origin);
    reportReachability(true);
    saveServerInfo({
      mode: health.mode,
      version: health.version,
      checkedAt: new Date().toISOString(),
    });
  } catch {
    reportReachability(false);
  }
}
