// The operator commands of `npm run admin`, as data: parsed from argv by the CLI, sent as JSON
// over the admin socket, and run by the same domain functions whichever way they arrive.
import type { UserLockView } from "../../protocol/admin";
import type { MessageBroadcast } from "../../protocol/admin-users";
import type { LedgerCheckReport } from "../../protocol/ledger";
import type { Db } from "../db/db";
import { checkLedger } from "../domain/ledger/check-ledger";
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from "../../protocol/operators";
import { createAdmin, type CreatedAdmin } from "../domain/operators/create-admin";
import type { OperatorActor } from "../domain/operators/operator-actor";
import { setUserLocked } from "../domain/operators/user-lock";
import {
  ARTICLE_USAGE,
  articleCommandFromJson,
  loadArticleArgs,
  parseArticleArgs,
  runArticleCommand,
  type ArticleArgs,
  type ArticleCommand,
  type ArticleResult,
} from "./article-commands";
import {
  LINK_USAGE,
  linkCommandFromJson,
  parseLinkArgs,
  runLinkCommand,
  type LinkCommand,
  type LinkResult,
} from "./link-commands";
import { broadcastMessage } from "../domain/messages/broadcast-message";
import { sendOperatorMessage, type SentMessage } from "../domain/messages/operator-message";
import {
  MESSAGE_USAGE,
  messageCommandFromJson,
  parseMessageArgs,
  type MessageCommand,
} from "./message-command";
import {
  IDENTITY_USAGE,
  identityCommandFromJson,
  parseIdentityArgs,
  runIdentityCommand,
  type IdentityCommand,
  type IdentityResult,
} from "./identity-commands";
import {
  parsePromotionsArgs,
  PROMOTIONS_USAGE,
  promotionsCommandFromJson,
  runPromotionsCommand,
  type PromotionsCommand,
  type PromotionsResult,
} from "./promotions-command";
import {
  parseReset2faArgs,
  RESET_2FA_USAGE,
  reset2faCommandFromJson,
  runReset2faCommand,
  type Reset2faCommand,
  type Reset2faResult,
} from "./reset-2fa-command";
import {
  parseRechargeArgs,
  RECHARGE_USAGE,
  rechargeCommandFromJson,
  runRechargeCommand,
  type RechargeCommand,
  type RechargeResult,
} from "./recharge-commands";
import {
  parseWithdrawalArgs,
  runWithdrawalCommand,
  WITHDRAWAL_USAGE,
  withdrawalCommandFromJson,
  type WithdrawalCommand,
  type WithdrawalResult,
} from "./withdrawal-commands";

export type AdminCommand =
  | { name: "create-admin"; username: string; role: OperatorRole }
  | { name: "lock"; address: string; reason?: string }
  | { name: "unlock"; address: string; reason?: string }
  | MessageCommand
  | ArticleCommand
  | IdentityCommand
  | LinkCommand
  | RechargeCommand
  | WithdrawalCommand
  | PromotionsCommand
  | Reset2faCommand
  // Sent by `npm run ledger:check` (cli/ledger-check.ts) over the socket; not an argv command.
  | { name: "ledger-check" };

export type AdminResult =
  | ({ kind: "created-admin" } & CreatedAdmin)
  | ({ kind: "lock-changed" } & UserLockView)
  | ({ kind: "message-sent" } & SentMessage)
  | ({ kind: "message-broadcast" } & MessageBroadcast)
  | ({ kind: "ledger-check" } & LedgerCheckReport)
  | ArticleResult
  | IdentityResult
  | LinkResult
  | RechargeResult
  | WithdrawalResult
  | PromotionsResult
  | Reset2faResult;

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

Commands:
  create-admin <username> [--role admin|reviewer|support]
                            create an operator (role admin unless given); prints a generated
                            password once; TOTP is enrolled at the first sign-in
${RESET_2FA_USAGE}
  lock <address> [--reason <text>]
                            lock a user (0x address): every call of theirs gets 403 at once;
                            the reason is kept in the audit log
  unlock <address> [--reason <text>]
                            unlock a user
${MESSAGE_USAGE}
${ARTICLE_USAGE}
${IDENTITY_USAGE}
${LINK_USAGE}
${RECHARGE_USAGE}
${WITHDRAWAL_USAGE}
${PROMOTIONS_USAGE}
  help                      show this help

Works whether or not the server is running: with DATABASE_URL it opens PostgreSQL; with the
embedded database (DATA_DIR/pglite) it asks the running server through DATA_DIR/admin.sock, or
opens the database itself when no server holds it.`;

/** The command named by argv (after `--`), "help", or an error message for the user. */
export function parseAdminArgs(
  args: readonly string[],
): AdminCommand | ArticleArgs | "help" | { error: string } {
  const [name, arg, ...rest] = args;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") return "help";
  if (name === "message") return parseMessageArgs(args.slice(1));
  if (name === "article") return parseArticleArgs(args.slice(1));
  if (name === "identities" || name === "identity") return parseIdentityArgs(name, args.slice(1));
  if (name === "link") return parseLinkArgs(args.slice(1));
  if (name === "promotions") return parsePromotionsArgs(args.slice(1));
  if (name === "recharges" || name === "recharge") return parseRechargeArgs(name, args.slice(1));
  if (name === "withdrawals" || name === "withdrawal") {
    return parseWithdrawalArgs(name, args.slice(1));
  }
  if (name === "create-admin") return parseCreateAdmin(args.slice(1));
  if (name === "reset-2fa") return parseReset2faArgs(args.slice(1));
  if (name !== "lock" && name !== "unlock") {
    return { error: `Unknown command "${name}".` };
  }
  if (arg === undefined || arg.startsWith("--")) {
    return { error: `"${name}" takes one argument: <address> [--reason <text>].` };
  }
  if (rest.length === 0) return { name, address: arg };
  const [option, reason, ...extra] = rest;
  if (option !== "--reason" || reason === undefined || extra.length > 0) {
    return { error: `"${name}" takes one argument: <address> [--reason <text>].` };
  }
  // Checked (trimmed, length) by the domain, the same code the console's request runs.
  return { name, address: arg, reason };
}

/** `create-admin <username> [--role <role>]` (or `--role=<role>`, before or after the name). */
function parseCreateAdmin(args: readonly string[]): AdminCommand | { error: string } {
  const names: string[] = [];
  let role: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (arg === "--role") {
      role = args[i + 1];
      i += 1;
    } else if (arg.startsWith("--role=")) role = arg.slice("--role=".length);
    else if (arg.startsWith("--")) return { error: `Unknown option "${arg}".` };
    else names.push(arg);
  }
  const [username] = names;
  if (username === undefined || names.length > 1) {
    return { error: '"create-admin" takes exactly one argument: <username>.' };
  }
  const chosen = role ?? "admin";
  if (!isOperatorRole(chosen)) {
    return { error: `--role is one of ${OPERATOR_ROLES.join(", ")}; not "${chosen}".` };
  }
  return { name: "create-admin", username, role: chosen };
}

/** Parses a command that arrived as JSON (the admin socket): null unless well-formed. */
export function commandFromJson(value: unknown): AdminCommand | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.name === "message-send" || v.name === "message-all") return messageCommandFromJson(v);
  if (v.name === "ledger-check") return { name: "ledger-check" };
  if (v.name === "reset-2fa") return reset2faCommandFromJson(v);
  if (typeof v.name === "string" && v.name.startsWith("article-")) return articleCommandFromJson(v);
  if (typeof v.name === "string" && v.name.startsWith("identity-")) {
    return identityCommandFromJson(v);
  }
  if (typeof v.name === "string" && v.name.startsWith("link-")) return linkCommandFromJson(v);
  if (typeof v.name === "string" && v.name.startsWith("promotions-")) {
    return promotionsCommandFromJson(v);
  }
  if (typeof v.name === "string" && v.name.startsWith("recharge-"))
    return rechargeCommandFromJson(v);
  if (typeof v.name === "string" && v.name.startsWith("withdrawal-")) {
    return withdrawalCommandFromJson(v);
  }
  const arg = v.name === "create-admin" ? v.username : v.address;
  if (typeof arg !== "string" || arg.length === 0 || arg.length > 100) return null;
  const role = v.name === "create-admin" && typeof v.role === "string" ? ["--role", v.role] : [];
  const reason =
    v.name !== "create-admin" && typeof v.reason === "string" ? ["--reason", v.reason] : [];
  const parsed = parseAdminArgs([String(v.name), arg, ...role, ...reason]);
  return typeof parsed === "object" && "name" in parsed && !("file" in parsed) ? parsed : null;
}

/** The command to run: argv's, with the file an article add or edit names read in. */
export async function withFilesRead(parsed: AdminCommand | ArticleArgs): Promise<AdminCommand> {
  return "file" in parsed ? loadArticleArgs(parsed) : parsed;
}

export async function runAdminCommand(
  db: Db,
  command: AdminCommand,
  actor: OperatorActor,
): Promise<AdminResult> {
  switch (command.name) {
    case "create-admin":
      return {
        kind: "created-admin",
        ...(await createAdmin(db, actor, command.username, command.role)),
      };
    case "lock":
    case "unlock": {
      const body = command.reason === undefined ? undefined : { reason: command.reason };
      const view = await setUserLocked(db, actor, command.address, command.name === "lock", body);
      return { kind: "lock-changed", ...view };
    }
    case "message-send":
      return { kind: "message-sent", ...(await sendOperatorMessage(db, actor, command)) };
    case "message-all": {
      const { title, body } = command;
      return { kind: "message-broadcast", ...(await broadcastMessage(db, actor, { title, body })) };
    }
    case "article-list":
    case "article-add":
    case "article-edit":
    case "article-delete":
      return runArticleCommand(db, command, actor);
    case "identity-list":
    case "identity-approve":
    case "identity-reject":
      return runIdentityCommand(db, command, actor);
    case "link-list":
    case "link-set":
      return runLinkCommand(db, command, actor);
    case "recharge-list":
    case "recharge-approve":
    case "recharge-reject":
      return runRechargeCommand(db, command, actor);
    case "withdrawal-list":
    case "withdrawal-approve":
    case "withdrawal-reject":
      return runWithdrawalCommand(db, command, actor);
    case "promotions-show":
    case "promotions-fund":
      return runPromotionsCommand(db, command, actor);
    case "ledger-check":
      return { kind: "ledger-check", ...(await checkLedger(db)) };
    case "reset-2fa":
      return runReset2faCommand(db, command, actor);
  }
}
