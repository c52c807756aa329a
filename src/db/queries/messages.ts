// Read hooks over the signed-in user's messages. A message counts as read as soon as a
// "message.read" outbox entry for it exists (waiting, sending or sent): the reader sees it read
// at once, offline too, and the change log confirms it later. A failed entry does not count.
import { useMemo } from "react";
import Dexie from "dexie";
import { database, type MessageRow, type OutboxRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export const MARK_READ_COMMAND = "message.read";

export interface MessageView extends MessageRow {
  /** Read on the server, or marked read on this device and not failed. */
  shownRead: boolean;
}

/** The message ids this user's outbox marks read. */
export function pendingReadIds(outbox: readonly OutboxRow[]): Set<string> {
  const ids = new Set<string>();
  for (const row of outbox) {
    if (row.command !== MARK_READ_COMMAND || row.state === "failed") continue;
    const id = row.payload["id"];
    if (typeof id === "string") ids.add(id);
  }
  return ids;
}

async function userOutbox(userId: string): Promise<OutboxRow[]> {
  return database()
    .outbox.where("[userId+createdAt]")
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .toArray();
}

async function readMessages(userId: string): Promise<MessageView[]> {
  const [rows, outbox] = await Promise.all([
    database()
      .messages.where("[userId+createdAt]")
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
      .reverse()
      .toArray(),
    userOutbox(userId),
  ]);
  const marked = pendingReadIds(outbox);
  return rows.map((row) => ({ ...row, shownRead: row.read || marked.has(row.id) }));
}

/** The user's messages, newest first; empty when signed out. */
export function useMessages(userId: string | null): LiveResult<MessageView[]> {
  const store = useMemo(
    () => liveStore(() => (userId === null ? [] : readMessages(userId))),
    [userId],
  );
  return useLiveStore(store);
}

/** One of the user's messages; undefined when this device does not hold it. */
export function useMessage(userId: string | null, id: string): LiveResult<MessageView | undefined> {
  const store = useMemo(
    () =>
      liveStore(async () => {
        if (userId === null) return undefined;
        const row = await database().messages.get(id);
        // Another user's message on a shared device is never shown.
        if (row === undefined || row.userId !== userId) return undefined;
        const marked = pendingReadIds(await userOutbox(userId));
        return { ...row, shownRead: row.read || marked.has(row.id) };
      }),
    [userId, id],
  );
  return useLiveStore(store);
}

/** How many of the user's messages are still unread (0 while loading or signed out). */
export function useUnreadCount(userId: string | null): number {
  const store = useMemo(
    () =>
      liveStore(async () => {
        if (userId === null) return 0;
        const messages = await readMessages(userId);
        return messages.filter((message) => !message.shownRead).length;
      }),
    [userId],
  );
  const result = useLiveStore(store);
  return result.status === "ready" ? result.value : 0;
}
