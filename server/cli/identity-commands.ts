// `npm run admin -- identities [0|1|2]`, `identity approve <id>`, `identity reject <id> --reason
// <text>`: identity review from a shell, through the same domain functions as /admin/identity,
// so a decision is validated, made once and audited exactly as from the API.
import type { AdminIdentityItem } from "../../protocol/admin";
import { IDENTITY_LIMITS, type IdentityStatus } from "../../protocol/identity";
import type { ListPage } from "../../protocol/list";
import type { Db } from "../db/db";
import {
  approveIdentity,
  listIdentitySubmissions,
  rejectIdentity,
} from "../domain/operators/identity-review";
import { MAX_PAGE_SIZE } from "../domain/operators/list-page";
import type { OperatorActor } from "../domain/operators/operator-actor";

export type IdentityCommand =
  | { name: "identity-list"; status: IdentityStatus | null; cursor: string | null }
  | { name: "identity-approve"; id: string }
  | { name: "identity-reject"; id: string; reason: string };

export type IdentityResult =
  | { kind: "identity-list"; status: IdentityStatus | null; page: ListPage<AdminIdentityItem> }
  | { kind: "identity-decided"; identity: AdminIdentityItem };

export const IDENTITY_USAGE = `  identities [0|1|2] [--cursor <c>]   list identity submissions: 0 under review (the default,
                                      oldest first), 1 approved, 2 rejected, "all" for every one
  identity approve <id>               approve a submission under review; the user is verified
  identity reject <id> --reason <t>   reject it; the user reads the reason`;

const ID = /^[1-9][0-9]{0,17}$/;

/** `identities …` and `identity …` argv after the command name. */
export function parseIdentityArgs(
  name: "identities" | "identity",
  args: readonly string[],
): IdentityCommand | { error: string } {
  const rest = [...args];
  if (name === "identities") {
    let cursor: string | null = null;
    const at = rest.indexOf("--cursor");
    if (at >= 0) {
      const value = rest[at + 1];
      if (value === undefined || !ID.test(value)) {
        return { error: '"--cursor" takes an identity submission id.' };
      }
      cursor = value;
      rest.splice(at, 2);
    }
    const [status = "0", ...extra] = rest;
    if (extra.length > 0 || !/^([012]|all)$/.test(status)) {
      return { error: '"identities" takes an optional status 0, 1, 2 or all, and --cursor <id>.' };
    }
    return {
      name: "identity-list",
      status: status === "all" ? null : (Number(status) as IdentityStatus),
      cursor,
    };
  }
  const [sub, id, ...more] = rest;
  if (sub !== "approve" && sub !== "reject") {
    return { error: `Unknown identity command "${sub ?? ""}"; use approve or reject.` };
  }
  if (id === undefined || !ID.test(id)) {
    return { error: `"identity ${sub}" takes an identity submission id.` };
  }
  if (sub === "approve") {
    return more.length === 0
      ? { name: "identity-approve", id }
      : { error: '"identity approve" takes exactly one <id>.' };
  }
  const [flag, reason, ...extra] = more;
  const text = reason?.trim() ?? "";
  if (
    flag !== "--reason" ||
    extra.length > 0 ||
    text.length === 0 ||
    text.length > IDENTITY_LIMITS.reasonMaxLength
  ) {
    return {
      error: `"identity reject <id>" needs --reason "<text>" of 1 to ${IDENTITY_LIMITS.reasonMaxLength} characters (quote it).`,
    };
  }
  return { name: "identity-reject", id, reason: text };
}

/** An identity command that arrived as JSON (the admin socket): null unless well-formed. */
export function identityCommandFromJson(v: Record<string, unknown>): IdentityCommand | null {
  const id = typeof v.id === "string" && ID.test(v.id) ? v.id : null;
  switch (v.name) {
    case "identity-list": {
      const status = v.status ?? null;
      const cursor = v.cursor ?? null;
      if (status !== null && status !== 0 && status !== 1 && status !== 2) return null;
      if (cursor !== null && (typeof cursor !== "string" || !ID.test(cursor))) return null;
      return { name: "identity-list", status, cursor };
    }
    case "identity-approve":
      return id === null ? null : { name: "identity-approve", id };
    case "identity-reject":
      return id !== null && typeof v.reason === "string"
        ? { name: "identity-reject", id, reason: v.reason }
        : null;
    default:
      return null;
  }
}

export async function runIdentityCommand(
  db: Db,
  command: IdentityCommand,
  actor: OperatorActor,
): Promise<IdentityResult> {
  switch (command.name) {
    case "identity-list": {
      const { status, cursor } = command;
      const page = await listIdentitySubmissions(db, { status, cursor, limit: MAX_PAGE_SIZE });
      return { kind: "identity-list", status, page };
    }
    case "identity-approve":
      return { kind: "identity-decided", identity: await approveIdentity(db, actor, command.id) };
    case "identity-reject":
      return {
        kind: "identity-decided",
        identity: await rejectIdentity(db, actor, command.id, command.reason),
      };
  }
}

const STATUS_WORDS = ["under review", "approved", "rejected"] as const;

export function describeIdentityResult(result: IdentityResult): string {
  if (result.kind === "identity-decided") {
    const i = result.identity;
    return i.status === 1
      ? `Identity ${i.id} approved: user ${i.userId} is verified.`
      : `Identity ${i.id} rejected. Reason: ${i.reason ?? ""}`;
  }
  const { items, nextCursor } = result.page;
  if (items.length === 0) return "No identity submissions.";
  const lines = items.map((i) =>
    [
      i.id,
      STATUS_WORDS[i.status],
      `user ${i.userId} ${i.address ?? "(no wallet)"}`,
      `"${i.name}"`,
      `id type ${i.idType} ${i.idNumber}`,
      `photo ${i.photoUrl}`,
      i.submittedAt,
      i.reason === null ? "" : `reason: ${i.reason}`,
    ]
      .filter((part) => part !== "")
      .join("  "),
  );
  if (nextCursor) {
    const status = result.status === null ? "all" : String(result.status);
    lines.push(`More: npm run admin -- identities ${status} --cursor ${nextCursor}`);
  }
  return lines.join("\n");
}
