// The outbox on the device (DESIGN §3): mutations saved here first, then sent by src/sync with
// their Idempotency-Key (the row id). This module owns the rows and their state changes —
// waiting → sending → sent | failed | waiting again — and the hook screens show them with.
import Dexie, { liveQuery } from "dexie";
import { useMemo, useSyncExternalStore } from "react";
import type { IdType } from "../../protocol";
import { database, type OutboxRow, type OutboxState, type StoredRefusal } from "./database";
import { liveStore, useLiveStore, type LiveResult } from "./live-store";
import { getSessionUserId, subscribeSession } from "./session";

export type { OutboxRow, OutboxState, StoredRefusal };

/** Each command's payload as stored. Type aliases (not interfaces): rows hold them as records. */
export type OutboxPayloads = {
  "system.subscribe": { email: string };
  "message.read": { id: string };
  "identity.submit": {
    name: string;
    idNumber: string;
    idType: IdType;
    /** The compressed JPEG; dropped once the entry was sent. */
    photo: Blob | null;
    /** Set once the photo is uploaded, so a retry never uploads it twice. */
    uploadId: string | null;
  };
  /** Demo mode only: USDT from the demo issuer (bill 106), a decimal string. */
  "wallet.demo-credit": { amount: string };
  "wallet.recharge": {
    /** Decimal USDT string. */
    amount: string;
    /** The deposit's transaction hash (0x + 64 hex), or null: an operator checks the voucher. */
    txHash: string | null;
    /** The compressed voucher screenshot (JPEG); dropped once the entry was sent. */
    voucher: Blob | null;
    /** Set once the voucher is uploaded, so a retry never uploads it twice. */
    uploadId: string | null;
  };
  /** Amount (decimal USDT) and the EIP-55 destination, checked before it was saved. */
  "wallet.withdraw": { amount: string; address: string };
};
export type OutboxCommandName = keyof OutboxPayloads;
export const OUTBOX_COMMANDS = [
  "system.subscribe",
  "message.read",
  "identity.submit",
  "wallet.demo-credit",
  "wallet.recharge",
  "wallet.withdraw",
] as const satisfies readonly OutboxCommandName[];

/** A row whose command and payload belong together. */
export type OutboxEntry<C extends OutboxCommandName = OutboxCommandName> = Omit<
  OutboxRow,
  "command" | "payload"
> & { command: C; payload: OutboxPayloads[C] };

export function isCommand<C extends OutboxCommandName>(
  row: OutboxRow,
  command: C,
): row is OutboxRow & OutboxEntry<C> {
  return row.command === command;
}

/** 128 random bits as hex; crypto.randomUUID exists only in secure contexts (not http on a LAN). */
export function newOutboxId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Saves a command as "waiting". When `sameAs` matches an existing entry of the user that is not
 * failed, that one is answered instead (subscribing the same address twice sends it once).
 */
export async function enqueueOutbox<C extends OutboxCommandName>(
  userId: string | null,
  command: C,
  payload: OutboxPayloads[C],
  sameAs?: (existing: OutboxPayloads[C]) => boolean,
): Promise<{ id: string; created: boolean }> {
  const db = database();
  return db.transaction("rw", db.outbox, async () => {
    if (sameAs !== undefined) {
      const existing = await db.outbox
        .filter(
          (row) =>
            row.userId === userId &&
            row.command === command &&
            row.state !== "failed" &&
            sameAs(row.payload as OutboxPayloads[C]),
        )
        .first();
      if (existing !== undefined) return { id: existing.id, created: false };
    }
    const now = await nextCreatedAt(userId);
    const id = newOutboxId();
    await db.outbox.add({
      id,
      userId,
      command,
      payload,
      state: "waiting",
      failure: null,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: now,
      updatedAt: now,
    });
    return { id, created: true };
  });
}

/**
 * Now, or just after the user's newest entry: entries go out oldest first, so two saved in the
 * same millisecond must still get distinct, ordered times. Runs inside enqueue's transaction.
 */
async function nextCreatedAt(userId: string | null): Promise<string> {
  let at = Date.now();
  if (userId !== null) {
    const newest = await database()
      .outbox.where("[userId+createdAt]")
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
      .last();
    if (newest !== undefined) at = Math.max(at, Date.parse(newest.createdAt) + 1);
  }
  return new Date(at).toISOString();
}

export interface DueQuery {
  /** Entries of this user, and user-less ones (public commands). */
  userId: string | null;
  now: number;
  /** A "sending" entry untouched since before this (ms) was left by a closed tab. */
  staleBefore: number;
  /** Ignore backoff (back online, or the user asked). */
  force: boolean;
}

function isDue(row: OutboxRow, q: DueQuery): boolean {
  if (row.userId !== null && row.userId !== q.userId) return false;
  if (row.state === "waiting") return q.force || row.nextAttemptAt <= q.now;
  return row.state === "sending" && Date.parse(row.updatedAt) < q.staleBefore;
}

/** Entries ready to send, oldest first. */
export async function dueOutboxEntries(q: DueQuery): Promise<OutboxRow[]> {
  const rows = await database().outbox.where("state").anyOf("waiting", "sending").toArray();
  return rows.filter((row) => isDue(row, q)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Marks the entry "sending" if it is still due (another flush may have taken it). */
export async function claimOutboxEntry(id: string, q: DueQuery): Promise<OutboxRow | null> {
  const db = database();
  return db.transaction("rw", db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (row === undefined || !isDue(row, q)) return null;
    const claimed: OutboxRow = {
      ...row,
      state: "sending",
      attempts: row.attempts + 1,
      updatedAt: new Date(q.now).toISOString(),
    };
    await db.outbox.put(claimed);
    return claimed;
  });
}

/** Remembers progress of a multi-step command (e.g. the upload id) on a "sending" entry. */
export async function updateOutboxPayload(
  id: string,
  patch: Record<string, unknown>,
): Promise<void> {
  const db = database();
  await db.transaction("rw", db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (row === undefined) return;
    await db.outbox.put({
      ...row,
      payload: { ...row.payload, ...patch },
      updatedAt: new Date().toISOString(),
    });
  });
}

export type OutboxOutcome =
  | { state: "sent" }
  | { state: "failed"; failure: StoredRefusal }
  | { state: "waiting"; nextAttemptAt: number };

/** Ends a send. Files are dropped from sent entries: the server has them, the UI needs no more. */
export async function settleOutboxEntry(id: string, outcome: OutboxOutcome): Promise<void> {
  const db = database();
  await db.transaction("rw", db.outbox, async () => {
    const row = await db.outbox.get(id);
    // Discarded meanwhile (or cleared by sign-out): nothing to settle.
    if (row === undefined) return;
    const payload =
      outcome.state === "sent"
        ? Object.fromEntries(
            Object.entries(row.payload).map(([k, v]) => [k, v instanceof Blob ? null : v]),
          )
        : row.payload;
    await db.outbox.put({
      ...row,
      payload,
      state: outcome.state,
      failure: outcome.state === "failed" ? outcome.failure : null,
      nextAttemptAt: outcome.state === "waiting" ? outcome.nextAttemptAt : row.nextAttemptAt,
      updatedAt: new Date().toISOString(),
    });
  });
}

/** A failed entry goes back to waiting, to be sent at once. False when it is not failed. */
export async function requeueOutboxEntry(id: string): Promise<boolean> {
  const db = database();
  return db.transaction("rw", db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (row === undefined || row.state !== "failed") return false;
    const updatedAt = new Date().toISOString();
    await db.outbox.put({ ...row, state: "waiting", failure: null, nextAttemptAt: 0, updatedAt });
    return true;
  });
}

/** Drops an entry the user gave up on. An entry being sent cannot be taken back. */
export async function deleteOutboxEntry(id: string): Promise<boolean> {
  const db = database();
  return db.transaction("rw", db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (row === undefined || row.state === "sending") return false;
    await db.outbox.delete(id);
    return true;
  });
}

/** Sent entries stay visible a while (~24 h), then go. */
export async function pruneSentOutbox(sentBefore: number): Promise<number> {
  return database()
    .outbox.where("state")
    .equals("sent")
    .filter((row) => Date.parse(row.updatedAt) < sentBefore)
    .delete();
}

/** How many entries wait to be sent for this user (and user-less ones). */
export async function countWaitingOutbox(userId: string | null): Promise<number> {
  return database()
    .outbox.where("state")
    .anyOf("waiting", "sending")
    .filter((row) => row.userId === null || row.userId === userId)
    .count();
}

/**
 * Calls `listener` with the number of unsent entries now and whenever it changes — also when
 * another tab enqueues (Dexie live queries see other tabs' writes).
 */
export function watchWaitingOutbox(
  userId: () => string | null,
  listener: (waiting: number) => void,
): () => void {
  const subscription = liveQuery(() => countWaitingOutbox(userId())).subscribe({
    next: listener,
    // A closed or deleted database: the next write re-runs the query.
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}

/** The signed-in user's outbox entries, newest first (optionally one command only). */
export function useOutbox(filter?: { command?: OutboxCommandName }): LiveResult<OutboxRow[]> {
  const userId = useSyncExternalStore(subscribeSession, getSessionUserId);
  const command = filter?.command;
  const store = useMemo(
    () =>
      liveStore(async () => {
        if (userId === null) return [];
        const rows = await database()
          .outbox.where("[userId+createdAt]")
          .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
          .reverse()
          .toArray();
        return command === undefined ? rows : rows.filter((row) => row.command === command);
      }),
    [userId, command],
  );
  return useLiveStore(store);
}
