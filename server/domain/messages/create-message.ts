// Every new message, system or operator, is written here: the row and its change log entry in
// the caller's transaction, so the user's devices learn of it exactly when it exists.
import type { Message } from "../../../protocol/messages";
import type { Queryable } from "../../db/db";
import { insertMessage, type NewMessage } from "../../db/repositories/message-repository";
import { recordPut } from "../sync/change-log";
import { toMessage } from "./message-view";

export async function createMessage(tx: Queryable, message: NewMessage): Promise<Message> {
  const view = toMessage(await insertMessage(tx, message));
  await recordPut(tx, message.userId, "message", view.id, view);
  return view;
}
