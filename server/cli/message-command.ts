// `npm run admin -- message send --address 0x… --title … --body …` and `message all --title …
// --body …`: parsing and printing for the admin commands that take named options. They run
// sendOperatorMessage like POST /admin/messages and broadcastMessage like POST
// /admin/messages/all, so they validate and are audited the same way.
import type { MessageBroadcast } from "../../protocol/admin-users";
import { MESSAGE_LIMITS } from "../../protocol/messages";
import type { SentMessage } from "../domain/messages/operator-message";

export interface MessageSendCommand {
  name: "message-send";
  address: string;
  title: string;
  body: string;
}

/** One message to every wallet user that exists now (users who sign up later do not get it). */
export interface MessageAllCommand {
  name: "message-all";
  title: string;
  body: string;
}

export type MessageCommand = MessageSendCommand | MessageAllCommand;

export const MESSAGE_USAGE =
  "  message send --address <0x…> --title <text> --body <text>\n" +
  "                            write to a user; their open apps get it at once\n" +
  "  message all --title <text> --body <text>\n" +
  "                            write to every wallet user existing now, one message each";

const FIELDS = ["address", "title", "body"] as const;
type Field = (typeof FIELDS)[number];

/** argv after "message": `send` or `all` and its options (`--name value` or `--name=value`). */
export function parseMessageArgs(args: readonly string[]): MessageCommand | { error: string } {
  const [verb, ...rest] = args;
  if (verb !== "send" && verb !== "all") {
    return { error: '"message" takes the subcommand "send" or "all".' };
  }
  const allowed: readonly Field[] = verb === "send" ? FIELDS : ["title", "body"];
  const values: Partial<Record<Field, string>> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? "";
    const match = /^--(address|title|body)(?:=(.*))?$/s.exec(arg);
    const field = match?.[1] as Field | undefined;
    if (match === null || field === undefined || !allowed.includes(field)) {
      return { error: `Unknown option "${arg}" for "message ${verb}".` };
    }
    const value = match[2] ?? rest[++i];
    if (value === undefined) return { error: `--${field} needs a value.` };
    if (values[field] !== undefined) return { error: `--${field} is given twice.` };
    values[field] = value;
  }
  const missing = allowed.filter((f) => values[f] === undefined).map((f) => `--${f}`);
  if (missing.length > 0) return { error: `"message ${verb}" needs ${missing.join(", ")}.` };
  const { address = "", title = "", body = "" } = values;
  return verb === "send"
    ? { name: "message-send", address, title, body }
    : { name: "message-all", title, body };
}

/** The command as it arrives over the admin socket: null unless well-formed. Limits are
 * generous; the domain checks the exact ones with a clear message. */
export function messageCommandFromJson(v: Record<string, unknown>): MessageCommand | null {
  const { name, address, title, body } = v;
  if (typeof title !== "string" || title.length > MESSAGE_LIMITS.titleMaxLength * 2) return null;
  if (typeof body !== "string" || body.length > MESSAGE_LIMITS.bodyMaxLength * 2) return null;
  if (name === "message-all") return address === undefined ? { name, title, body } : null;
  if (typeof address !== "string" || address.length > 100) return null;
  return { name: "message-send", address, title, body };
}

export function describeMessageSent(sent: SentMessage): string {
  return `Sent message ${sent.message.id} "${sent.message.title}" to ${sent.address} (user ${sent.userId}).`;
}

export function describeMessageBroadcast(sent: MessageBroadcast): string {
  return `Sent "${sent.title}" to ${sent.recipients} users.`;
}
