// The app's entry into the sync layer, loaded with a dynamic import by the wiring so Dexie and
// the engine stay out of the entry chunk (they load right after it).
import type { Lang } from "../../protocol";
import { startSyncEngine } from "./engine";
import { browserEnvironment } from "./environment";

export { setContentLanguage } from "./commands";

/** Starts syncing in this tab: leader election, pulls, the account socket, the outbox. */
export function startAppSync(lang: Lang): void {
  startSyncEngine({ env: browserEnvironment(), lang });
}
