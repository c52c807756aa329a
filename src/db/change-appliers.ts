// Every entity of the change log and how its entries are stored: one record, typed by
// protocol/sync.ts, so an entity the protocol gains without an applier here does not compile.
// Entities a page brings that this record does not hold come from a newer server: the page
// stops before them (account-data.ts) and the app asks to be updated.
import type { Table } from "dexie";
import type { Bill, Profile, SyncChange, SyncEntity } from "../../protocol";
import type { ApplyContext, ChangeApplier, ChangeAppliers } from "./change-applier";
import type { QuantaDatabase } from "./database";
import { getSessionUserId, getToken, saveSession } from "./session";
import { contractOrderApplier } from "./contract-data";
import {
  quantBacktestApplier,
  quantOptimisationApplier,
  quantSubscriptionApplier,
} from "./quant-data";
import { optionsOrderApplier } from "./options-data";
import { spotOrderApplier } from "./spot-data";
import { rechargeApplier, withdrawalApplier } from "./wallet-data";

export type { ApplyContext, ChangeApplier, ChangeAppliers };

/** An entry as it arrives: the entity may be one this version of the app does not know. */
export interface ReceivedChange {
  entity: string;
  id: string;
  op: "put" | "delete";
  data: unknown;
}

/** The appliers a pull may use: every entity in the app; fewer in tests (an older app). */
export type KnownAppliers = Partial<ChangeAppliers>;

const profileApplier: ChangeApplier<"profile"> = {
  tables: (db) => [db.profile],
  async apply(change, { db, userId, now, afterCommit }) {
    if (change.op === "delete") return db.profile.delete(change.id);
    const profile = change.data;
    await db.profile.put({ ...profile, syncedAt: now });
    afterCommit(() => keepSessionCurrent(userId, profile));
  },
};

const identityApplier: ChangeApplier<"identity"> = {
  tables: (db) => [db.identity],
  // One identity per user (id "current"): the latest submission.
  async apply(change, { db, userId, now }) {
    if (change.op === "delete") await db.identity.delete(userId);
    else await db.identity.put({ ...change.data, userId, syncedAt: now });
  },
};

const messageApplier: ChangeApplier<"message"> = {
  tables: (db) => [db.messages],
  async apply(change, { db, userId }) {
    if (change.op === "delete") await db.messages.delete(change.id);
    else await db.messages.put({ ...change.data, userId });
  },
};

const billApplier: ChangeApplier<"bill"> = {
  tables: (db) => [db.bills],
  // Bills are ledger lines: the server never rewrites one, but a delete is honoured.
  async apply(change, { db, userId }) {
    if (change.op === "delete") await db.bills.delete(change.id);
    else if (isStorableBill(change.data)) await db.bills.put({ ...change.data, userId });
  },
};

export const CHANGE_APPLIERS: ChangeAppliers = {
  profile: profileApplier,
  identity: identityApplier,
  message: messageApplier,
  bill: billApplier,
  recharge: rechargeApplier,
  withdrawal: withdrawalApplier,
  "spot-order": spotOrderApplier,
  "options-order": optionsOrderApplier,
  "contract-order": contractOrderApplier,
  "quant-subscription": quantSubscriptionApplier,
  "quant-backtest": quantBacktestApplier,
  "quant-optimisation": quantOptimisationApplier,
};

/** The tables the appliers write (a page's transaction must name every one). */
export function changeTables(db: QuantaDatabase, appliers: KnownAppliers): Table[] {
  return Object.values(appliers).flatMap((applier) => applier.tables(db));
}

/** The entry as one of the known appliers' entities, or null when it is none of them. */
export function knownChange(appliers: KnownAppliers, change: ReceivedChange): SyncChange | null {
  // The entity names the applier; its data is what the server sends for that entity (appliers
  // check what their table's keys need).
  return Object.hasOwn(appliers, change.entity) ? (change as SyncChange) : null;
}

/** Stores a known entry with its entity's applier. */
export function applyChange(
  appliers: KnownAppliers,
  change: SyncChange,
  context: ApplyContext,
): Promise<void> {
  // The record pairs each entity with its own applier, which TypeScript cannot follow through an
  // index by a union key; the applier takes exactly this entity's entries.
  const applier = appliers[change.entity] as ChangeApplier<SyncEntity> | undefined;
  return applier === undefined ? Promise.resolve() : applier.apply(change, context);
}

/**
 * A bill the tables' keys can hold. Anything else is skipped rather than failing the page: one
 * malformed entry must not stop the whole change log from syncing.
 */
function isStorableBill(data: unknown): data is Bill {
  if (typeof data !== "object" || data === null) return false;
  const bill = data as Partial<Bill>;
  return (
    typeof bill.id === "string" &&
    typeof bill.type === "number" &&
    typeof bill.asset === "string" &&
    typeof bill.createdAt === "string"
  );
}

/** The seed's localStorage keys (name, avatar, info) follow the profile the change log brings. */
function keepSessionCurrent(userId: string, profile: Profile): void {
  const token = getToken();
  if (token === null || getSessionUserId() !== userId || profile.id !== userId) return;
  saveSession({
    token,
    name: profile.name ?? null,
    avatar: profile.avatar ?? null,
    info: { ...profile },
  });
}
