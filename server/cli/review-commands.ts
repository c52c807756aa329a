// The argument and JSON parsing that the CLI's review queues share (recharges, withdrawals):
// `<kind>s [status] [--cursor <id>] [--full]`, `<kind> approve <id>`, `<kind> reject <id> <reason…>`.
// Each queue names its kind and its highest status; the errors name the kind the operator typed.
import { WALLET_REASON_MAX_LENGTH } from "../../protocol/wallet";

export type ReviewCommand<K extends string, S extends number> =
  | { name: `${K}-list`; full: boolean; status: S | null; cursor: string | null }
  | { name: `${K}-approve`; id: string }
  | { name: `${K}-reject`; id: string; reason: string };

export interface ReviewQueue<K extends string> {
  /** "recharge", "withdrawal": the singular command; the plural (`${kind}s`) lists. */
  kind: K;
  /** Statuses are 0 to this. */
  lastStatus: number;
}

export const REVIEW_ID = /^[1-9][0-9]{0,17}$/;

/** "0, 1 or 2": the statuses a list takes, as its error says them. */
function statusWords(lastStatus: number): string {
  const all = Array.from({ length: lastStatus + 1 }, (_, i) => String(i));
  return `${all.slice(0, -1).join(", ")} or ${all[all.length - 1] ?? ""}`;
}

/** `<kind>s …` (list) and `<kind> …` (approve, reject) argv after the command name. */
export function parseReviewArgs<K extends string, S extends number>(
  queue: ReviewQueue<K>,
  list: boolean,
  args: readonly string[],
): ReviewCommand<K, S> | { error: string } {
  const { kind, lastStatus } = queue;
  if (list) {
    const rest = args.filter((arg) => arg !== "--full");
    const full = rest.length < args.length;
    let cursor: string | null = null;
    const at = rest.indexOf("--cursor");
    if (at >= 0) {
      const value = rest[at + 1];
      if (value === undefined || !REVIEW_ID.test(value)) {
        return { error: `"--cursor" takes a ${kind} id.` };
      }
      cursor = value;
      rest.splice(at, 2);
    }
    const [status, ...extra] = rest;
    if (
      extra.length > 0 ||
      (status !== undefined && !new RegExp(`^[0-${lastStatus}]$`).test(status))
    ) {
      return {
        error: `"${kind}s" takes an optional status ${statusWords(lastStatus)} and --cursor <id>.`,
      };
    }
    const parsed = status === undefined ? null : (Number(status) as S);
    return { name: `${kind}-list`, full, status: parsed, cursor };
  }
  const [sub, id, ...reason] = args;
  if (sub !== "approve" && sub !== "reject") {
    return { error: `Unknown ${kind} command "${sub ?? ""}"; use approve or reject.` };
  }
  if (id === undefined || !REVIEW_ID.test(id))
    return { error: `"${kind} ${sub}" takes a ${kind} id.` };
  if (sub === "approve") {
    return reason.length === 0
      ? { name: `${kind}-approve`, id }
      : { error: `"${kind} approve" takes exactly one <id>.` };
  }
  const text = reason.join(" ").trim();
  if (text.length === 0 || text.length > WALLET_REASON_MAX_LENGTH) {
    return {
      error: `"${kind} reject <id>" needs a reason of 1 to ${WALLET_REASON_MAX_LENGTH} characters.`,
    };
  }
  return { name: `${kind}-reject`, id, reason: text };
}

/** A review command that arrived as JSON (the admin socket): null unless well-formed. */
export function reviewCommandFromJson<K extends string, S extends number>(
  queue: ReviewQueue<K>,
  v: Record<string, unknown>,
): ReviewCommand<K, S> | null {
  const { kind, lastStatus } = queue;
  const id = typeof v.id === "string" && REVIEW_ID.test(v.id) ? v.id : null;
  switch (v.name) {
    case `${kind}-list`: {
      const status = v.status ?? null;
      const cursor = v.cursor ?? null;
      const knownStatus =
        typeof status === "number" &&
        Number.isInteger(status) &&
        status >= 0 &&
        status <= lastStatus;
      if (status !== null && !knownStatus) return null;
      if (cursor !== null && (typeof cursor !== "string" || !REVIEW_ID.test(cursor))) return null;
      return { name: `${kind}-list`, full: v.full === true, status: status as S | null, cursor };
    }
    case `${kind}-approve`:
      return id === null ? null : { name: `${kind}-approve`, id };
    case `${kind}-reject`:
      return id !== null && typeof v.reason === "string"
        ? { name: `${kind}-reject`, id, reason: v.reason }
        : null;
    default:
      return null;
  }
}
