// Identity verification commands for the /verified screen. Submission goes through the outbox
// (src/sync/commands.ts); the user's identity state arrives through the change log.
import { currentSyncEngine } from "./engine";

export { submitIdentity, InvalidIdentityError, type IdentityForm } from "./commands";

/** Asks for the user's latest state (the change log carries the identity); quiet on failure. */
export async function refreshIdentity(): Promise<void> {
  await currentSyncEngine()?.requestPull({ public: false, account: true });
}
