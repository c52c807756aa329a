// The user's own messages: the list, opening one (which marks it read), and marking read alone
// (the app's outbox sends that when a message was opened offline). A read that changes a
// message records it in the change log in the same transaction; reading it again changes nothing.
import type { ListPage } from "../../../protocol/list";
import type { Message, MessageItem } from "../../../protocol/messages";
import type { Db } from "../../db/db";
import {
  findMessage,
  listMessages,
  markMessageRead,
  type MessageRow,
} from "../../db/repositories/message-repository";
import { refusal } from "../errors";
import { toPage } from "../operators/list-page";
import { recordPut } from "../sync/change-log";
import { toMessage, toMessageItem } from "./message-view";

export async function listUserMessages(
  db: Db,
  userId: string,
  q: { cursor: string | null; limit: number },
): Promise<ListPage<MessageItem>> {
  const rows = await listMessages(db, { userId, before: q.cursor, limit: q.limit + 1 });
  return toPage(rows, q.limit, toMessageItem);
}

/** GET /profile/message/{id}: the message, read from now on. */
export async function openMessage(db: Db, userId: string, id: string): Promise<Message> {
  return toMessage(await markRead(db, userId, id));
}

/** POST /profile/message/{id}/read: idempotent, so an outbox retry is harmless. */
export async function markMessageAsRead(db: Db, userId: string, id: string): Promise<null> {
  await markRead(db, userId, id);
  return null;
}

async function markRead(db: Db, userId: string, id: string): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const changed = await markMessageRead(tx, userId, id);
    if (changed !== null) {
      await recordPut(tx, userId, "message", changed.id, toMessage(changed));
      return changed;
    }
    const existing = await findMessage(tx, userId, id);
    if (existing === null) throw refusal("NOT_FOUND", "No such message");
    return existing;
  });
}
