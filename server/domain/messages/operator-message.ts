// Operators write to one user (POST /admin/messages, `npm run admin -- message send`). The
// message, its change log entry and the audit row commit together; the user's open apps get a
// poke. Operator messages have no kind: the app shows them as written.
import { MESSAGE_LIMITS, type Message } from "../../../protocol/messages";
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { findUserByAddress } from "../../db/repositories/user-repository";
import type { ValidationRule } from "../../../protocol/refusals";
import { invalid, refusal } from "../errors";
import type { OperatorActor } from "../operators/operator-actor";
import { ADDRESS_PATTERN } from "../operators/user-lock";
import { createMessage } from "./create-message";

export interface OperatorMessageInput {
  address: string;
  title: string;
  body: string;
}

/** What the operator gets back: the message as its reader will see it, and to whom it went. */
export interface SentMessage {
  userId: string;
  address: string;
  message: Message;
}

export async function sendOperatorMessage(
  db: Db,
  actor: OperatorActor,
  input: OperatorMessageInput,
): Promise<SentMessage> {
  const { address, title, body } = normalise(input);
  return db.transaction(async (tx) => {
    const user = await findUserByAddress(tx, address);
    // Operators have no address; only wallet users receive messages.
    if (user === null) throw refusal("NOT_FOUND", `No user with address ${address}`);
    const message = await createMessage(tx, {
      userId: user.id,
      kind: null,
      params: {},
      title,
      body,
      senderId: actor.id,
    });
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: "message.send",
      targetKind: "message",
      targetId: message.id,
      detail: { userId: user.id, address, title },
    });
    return { userId: user.id, address, message };
  });
}

// Control and format characters (NUL, bidi overrides, …) would let a message hide or disguise
// text. The body keeps line breaks and tabs, and the zero-width joiner that emoji sequences use.
const HIDDEN_CHARS = /[\p{Cc}\p{Cf}]/u;
const BODY_ALLOWED = /[\n\t\u200d]/g;

function normalise(input: OperatorMessageInput): OperatorMessageInput {
  if (!ADDRESS_PATTERN.test(input.address)) {
    throw invalidBody("address", "format", "must be 0x followed by 40 hex digits");
  }
  return { address: input.address.toLowerCase(), ...messageText(input) };
}

/** The title and body trimmed and checked (one user or everyone: the same rules). */
export function messageText(input: { title: string; body: string }): {
  title: string;
  body: string;
} {
  const title = input.title.trim();
  if (
    title.length === 0 ||
    title.length > MESSAGE_LIMITS.titleMaxLength ||
    HIDDEN_CHARS.test(title)
  ) {
    throw invalidBody(
      "title",
      "length",
      `must be 1 to ${MESSAGE_LIMITS.titleMaxLength} characters on one line`,
      MESSAGE_LIMITS.titleMaxLength,
    );
  }
  const body = input.body.replace(/\r\n?/g, "\n").trim();
  if (
    body.length === 0 ||
    body.length > MESSAGE_LIMITS.bodyMaxLength ||
    HIDDEN_CHARS.test(body.replace(BODY_ALLOWED, ""))
  ) {
    throw invalidBody(
      "body",
      "length",
      `must be 1 to ${MESSAGE_LIMITS.bodyMaxLength} characters of plain text (line breaks allowed)`,
      MESSAGE_LIMITS.bodyMaxLength,
    );
  }
  return { title, body };
}

function invalidBody(field: string, rule: ValidationRule, detail: string, limit?: number) {
  return invalid(field, rule, `Invalid body: "${field}" ${detail}`, limit);
}
