// What storing one entity's change-log entries takes: the tables its entries write (the page's
// transaction must name them) and how one entry is stored. The record of every entity's applier
// is change-appliers.ts; an entity's own file (wallet-data.ts, spot-data.ts) may define its applier.
import type { Table } from "dexie";
import type { SyncChangeOf, SyncEntity } from "../../protocol";
import type { QuantaDatabase } from "./database";

/** What an applier is given besides the entry, inside the page's transaction. */
export interface ApplyContext {
  db: QuantaDatabase;
  /** The signed-in user the page belongs to: every row is tagged with it. */
  userId: string;
  /** When the page is stored (ISO-8601). */
  now: string;
  /** Runs `effect` once the page's transaction has committed (nothing runs if it does not). */
  afterCommit(effect: () => void): void;
}

export interface ChangeApplier<E extends SyncEntity> {
  tables(db: QuantaDatabase): Table[];
  /** Stores one entry. The data is the server's; an applier skips data its table's keys could
   * not hold rather than fail the page (one malformed entry must not stop the whole log). */
  apply(change: SyncChangeOf<E>, context: ApplyContext): Promise<void>;
}

/** One applier per entity of protocol/sync.ts: an entity without one does not compile. */
export type ChangeAppliers = { readonly [E in SyncEntity]: ChangeApplier<E> };
