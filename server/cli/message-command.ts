// `npm run admin -- message send --address 0x… --title … --body …`: parsing and printing for the
// one admin command that takes named options. It runs sendOperatorMessage like POST
// /admin/messages, so it validates and is audited the same way.
import { MESSAGE_LIMITS } from "../../protocol/messages";
import type { SentMessage } from "../domain/messages/operator-message";

export interface MessageSendCommand {
  name: "message-send";
  address: string;
  title: string;
  body: string;
}

export const MESSAGE_USAGE =
  "  message send --address <0x…> --title <text> --body <text>\n" +
  "                            write to a user; their open apps get it at once";

const FIELDS = ["address", "title", "body"] as const;
type Field = (typeof FIELDS)[number];

/** argv after "message": `send` and the three options (`--name value` or `--name=value`). */
export function parseMessageArgs(args: readonly string[]): MessageSendCommand | { error: string } {
  const [verb, ...rest] = args;
  if (verb !== "send") return { error: '"message" takes the subcommand "send".' };
  const values: Partial<Record<Field, string>> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? "";
    const match = /^--(address|title|body)(?:=(.*))?$/s.exec(arg);
    if (match === null) return { error: `Unknown option "${arg}" for "message send".` };
    const field = match[1] as Field;
    const value = match[2] ?? rest[++i];
    if (value === undefined) return { error: `--${field} needs a value.` };
    if (values[field] !== undefined) return { error: `--${field} is given twice.` };
    values[field] = value;
  }
  const { address, title, body } = values;
  if (address === undefined || title === undefined || body === undefined) {
    const missing = FIELDS.filter((f) => values[f] === undefined).map((f) => `--${f}`);
    return { error: `"message send" needs ${missing.join(", ")}.` };
  }
  return { name: "message-send", address, title, body };
}

/** The command as it arrives over the admin socket: null unless well-formed. Limits are
 * generous; sendOperatorMessage checks the exact ones with a clear message. */
export function messageCommandFromJson(v: Record<string, unknown>): MessageSendCommand | null {
  const { address, title, body } = v;
  if (typeof address !== "string" || address.length > 100) return null;
  if (typeof title !== "string" || title.length > MESSAGE_LIMITS.titleMaxLength * 2) return null;
  if (typeof body !== "string" || body.length > MESSAGE_LIMITS.bodyMaxLength * 2) return null;
  return { name: "message-send", address, title, body };
}

export function describeMessageSent(sent: SentMessage): string {
  return `Sent message ${sent.message.id} "${sent.message.title}" to ${sent.address} (user ${sent.userId}).`;
}
