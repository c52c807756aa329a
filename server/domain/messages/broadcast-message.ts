// Operators write to every user at once (POST /admin/messages/all). The message model is one row
// per user (each with its own read state and change log entry), so a broadcast is one row for
// each wallet user that exists when it is sent: a user who signs up later does not get it, as
// they get no earlier one-to-one message either. Every row, every change log entry and the one
// audit row commit together, so the message reaches everyone or no one; open apps get a poke.
import type { MessageBroadcast } from "../../../protocol/admin-users";
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { insertMessageForEveryUser } from "../../db/repositories/message-repository";
import { invalid } from "../errors";
import type { OperatorActor } from "../operators/operator-actor";
import { recordPut } from "../sync/change-log";
import { toMessage } from "./message-view";
import { messageText } from "./operator-message";

export async function broadcastMessage(
  db: Db,
  actor: OperatorActor,
  input: unknown,
): Promise<MessageBroadcast> {
  // Checked before the transaction: a bad title or body changes nothing.
  const { title, body } = messageText(broadcastBody(input));
  return db.transaction(async (tx) => {
    const rows = await insertMessageForEveryUser(tx, {
      kind: null,
      params: {},
      title,
      body,
      senderId: actor.id,
    });
    for (const row of rows) {
      await recordPut(tx, row.user_id, "message", row.id, toMessage(row));
    }
    const sentAt = rows[0]?.created_at ?? new Date();
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: "message.broadcast",
      targetKind: "message",
      targetId: rows[0]?.id ?? null,
      detail: { recipients: rows.length, title },
    });
    return { title, recipients: rows.length, sentAt: new Date(sentAt).toISOString() };
  });
}

/** `{ title, body }` and nothing else: an `address` means the sender meant one user. */
function broadcastBody(input: unknown): { title: string; body: string } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw invalid("body", "format", "The body is an object: { title, body }");
  }
  for (const key of Object.keys(input)) {
    if (key !== "title" && key !== "body") {
      throw invalid(key, "not-allowed", `Invalid body: "${key}" is not allowed`);
    }
  }
  const { title, body } = input as { title?: unknown; body?: unknown };
  for (const [field, value] of [
    ["title", title],
    ["body", body],
  ] as const) {
    if (value === undefined)
      throw invalid(field, "required", `Invalid body: "${field}" is required`);
    if (typeof value !== "string")
      throw invalid(field, "format", `Invalid body: "${field}" is text`);
  }
  return { title: title as string, body: body as string };
}
