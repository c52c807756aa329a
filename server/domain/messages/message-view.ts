// How a user sees a message (API.md /profile/message): the list item with a short summary, and
// the full message with its body. The change log carries the full message (protocol/sync.ts).
import {
  MESSAGE_KINDS,
  type Message,
  type MessageItem,
  type MessageKind,
} from "../../../protocol/messages";
import type { MessageRow } from "../../db/repositories/message-repository";

/** Characters of the body a list shows before "…". */
export const SUMMARY_LENGTH = 140;

export function toMessageItem(row: MessageRow): MessageItem {
  return {
    id: row.id,
    title: row.title,
    summary: summarise(row.body),
    read: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
    kind: toKind(row.kind),
    params: row.params,
  };
}

export function toMessage(row: MessageRow): Message {
  return { ...toMessageItem(row), body: row.body };
}

/** The body on one line (paragraphs joined by a space), cut at a word where possible. */
export function summarise(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  const chars = [...line];
  if (chars.length <= SUMMARY_LENGTH) return line;
  const cut = chars.slice(0, SUMMARY_LENGTH - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${space > SUMMARY_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

function toKind(kind: string | null): MessageKind | null {
  // The column's CHECK allows exactly these; anything else would be a schema drift.
  return MESSAGE_KINDS.find((k) => k === kind) ?? null;
}
