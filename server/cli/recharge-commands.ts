// `npm run admin -- recharges [0|1|2]`, `recharge approve <id>`, `recharge reject <id> <reason…>`:
// the recharge review queue from a shell, through the same domain functions as /admin/recharge.
//
// The CLI has no chain client, so an approval from here does not look the transfer up: the
// recharge keeps its tx hash in status 1 for good, and the unique index on open or credited tx
// hashes still refuses any second claim of that transaction.
import type { ListPage } from "../../protocol/list";
import { maskIdentifier } from "../../protocol/mask-identifier";
import type { AdminRechargeItem, RechargeStatus } from "../../protocol/wallet";
import type { Db } from "../db/db";
import { MAX_PAGE_SIZE } from "../domain/operators/list-page";
import type { OperatorActor } from "../domain/operators/operator-actor";
import {
  approveRecharge,
  listRechargesForReview,
  rejectRecharge,
} from "../domain/wallet/recharge-review";
import {
  parseReviewArgs,
  reviewCommandFromJson,
  type ReviewCommand,
  type ReviewQueue,
} from "./review-commands";

export type RechargeCommand = ReviewCommand<"recharge", RechargeStatus>;

export type RechargeResult =
  | {
      kind: "recharge-list";
      full: boolean;
      status: RechargeStatus | null;
      page: ListPage<AdminRechargeItem>;
    }
  | { kind: "recharge-decided"; recharge: AdminRechargeItem };

export const RECHARGE_USAGE = `  recharges [0|1|2] [--cursor <c>] [--full]
                                      list recharges: 0 under review (oldest first), 1 credited,
                                      2 rejected; all when no status is given (newest first)
  recharge approve <id>               credit a recharge under review (bill 101)
  recharge reject <id> <reason…>      reject it; the user reads the reason`;

const RECHARGES: ReviewQueue<"recharge"> = { kind: "recharge", lastStatus: 2 };

/** `recharges …` and `recharge …` argv after the command name. */
export function parseRechargeArgs(
  name: "recharges" | "recharge",
  args: readonly string[],
): RechargeCommand | { error: string } {
  return parseReviewArgs<"recharge", RechargeStatus>(RECHARGES, name === "recharges", args);
}

/** A recharge command that arrived as JSON (the admin socket): null unless well-formed. */
export function rechargeCommandFromJson(v: Record<string, unknown>): RechargeCommand | null {
  return reviewCommandFromJson<"recharge", RechargeStatus>(RECHARGES, v);
}

export async function runRechargeCommand(
  db: Db,
  command: RechargeCommand,
  actor: OperatorActor,
): Promise<RechargeResult> {
  switch (command.name) {
    case "recharge-list": {
      const { status, cursor } = command;
      const page = await listRechargesForReview(db, { status, cursor, limit: MAX_PAGE_SIZE });
      return { kind: "recharge-list", full: command.full, status, page };
    }
    case "recharge-approve":
      return {
        kind: "recharge-decided",
        recharge: await approveRecharge(db, undefined, actor, command.id),
      };
    case "recharge-reject":
      return {
        kind: "recharge-decided",
        recharge: await rejectRecharge(db, actor, command.id, command.reason),
      };
  }
}

const STATUS_WORDS = ["under review", "credited", "rejected"] as const;

export function describeRechargeResult(result: RechargeResult): string {
  if (result.kind === "recharge-decided") {
    const r = result.recharge;
    return r.status === 1
      ? `Recharge ${r.id} approved: ${r.amount} USDT credited to user ${r.userId} (bill 101).`
      : `Recharge ${r.id} rejected. Reason: ${r.reason ?? ""}`;
  }
  const { items, nextCursor } = result.page;
  // Another person's address: masked by the seed's rule unless the operator asked for --full.
  const shown = (address: string) => (result.full ? address : maskIdentifier(address));
  if (items.length === 0) return "No recharges.";
  const lines = items.map((r) =>
    [
      r.id,
      STATUS_WORDS[r.status],
      `${r.amount} USDT`,
      `user ${r.userId} ${r.userAddress === null ? "(no wallet)" : shown(r.userAddress)}`,
      r.txHash ?? "no tx hash",
      r.verification,
      r.createdAt,
      r.reason === null ? "" : `reason: ${r.reason}`,
    ]
      .filter((part) => part !== "")
      .join("  "),
  );
  if (nextCursor) {
    const status = result.status === null ? "" : `${result.status} `;
    lines.push(
      `More: npm run admin -- recharges ${status}${result.full ? "--full " : ""}--cursor ${nextCursor}`,
    );
  }
  return lines.join("\n");
}
