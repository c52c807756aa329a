// The sync phase (Dexie Cloud's syncState, simplified) from what the engine knows, and its
// writing to IndexedDB — only on change, so follower tabs' live queries re-run only then.
import { writePhase, type SyncPhase } from "../db/sync-state";

export interface PhaseFacts {
  online: boolean;
  pulling: boolean;
  pushing: boolean;
  /** The last pull failed (and a retry is scheduled). */
  failed: boolean;
  /** This database was ever filled by a pull (a fresh or evicted one was not). */
  syncedOnce: boolean;
}

export function computePhase(facts: PhaseFacts): SyncPhase {
  if (!facts.online) return "offline";
  if (facts.pulling) return facts.syncedOnce ? "pulling" : "initial";
  if (facts.pushing) return "pushing";
  if (facts.failed) return "error";
  return facts.syncedOnce ? "in-sync" : "initial";
}

export class PhaseWriter {
  private written: SyncPhase | null = null;

  write(phase: SyncPhase): void {
    if (phase === this.written) return;
    this.written = phase;
    writePhase(phase).catch(() => {
      // Not stored (database closing): write it again on the next change.
      this.written = null;
    });
  }

  /** The stored phase is gone (database reset): the next write must happen. */
  forget(): void {
    this.written = null;
  }
}
