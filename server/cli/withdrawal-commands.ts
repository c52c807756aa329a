// `npm run admin -- withdrawals [0|1|2|3]`, `withdrawal approve <id>`, `withdrawal reject <id>
// <reason…>`: the withdrawal review queue from a shell, through the same domain functions as
// /admin/withdraw. The CLI sends nothing itself: an approved withdrawal is sent by the running
// server's withdrawal sender, so approving needs a deployment configured with a hot wallet.
import type { ListPage } from "../../protocol/list";
import { maskIdentifier } from "../../protocol/mask-identifier";
import type { AdminWithdrawalItem, WithdrawalStatus } from "../../protocol/wallet";
import { loadConfig } from "../config";
import type { Db } from "../db/db";
import { MAX_PAGE_SIZE } from "../domain/operators/list-page";
import type { OperatorActor } from "../domain/operators/operator-actor";
import {
  approveWithdrawal,
  configuredToSend,
  listWithdrawalsForOperators,
  rejectWithdrawal,
} from "../domain/wallet/withdraw-review";
import {
  parseReviewArgs,
  reviewCommandFromJson,
  type ReviewCommand,
  type ReviewQueue,
} from "./review-commands";

export type WithdrawalCommand = ReviewCommand<"withdrawal", WithdrawalStatus>;

export type WithdrawalResult =
  | {
      kind: "withdrawal-list";
      /** Show other people's addresses whole (--full); masked otherwise. */
      full: boolean;
      status: WithdrawalStatus | null;
      page: ListPage<AdminWithdrawalItem>;
    }
  | { kind: "withdrawal-decided"; withdrawal: AdminWithdrawalItem };

export const WITHDRAWAL_USAGE = `  withdrawals [0|1|2|3] [--cursor <c>] [--full]
                                      list withdrawals: 0 under review (oldest first), 1 sending,
                                      2 sent, 3 failed; all when no status is given (newest first)
  withdrawal approve <id>             approve one under review; the server sends it on chain
                                      (above WITHDRAWAL_SECOND_APPROVAL_ABOVE once a second,
                                      different operator approved it too)
  withdrawal reject <id> <reason…>    reject it and return amount + fee; the user reads the reason`;

const WITHDRAWALS: ReviewQueue<"withdrawal"> = { kind: "withdrawal", lastStatus: 3 };

/** `withdrawals …` and `withdrawal …` argv after the command name. */
export function parseWithdrawalArgs(
  name: "withdrawals" | "withdrawal",
  args: readonly string[],
): WithdrawalCommand | { error: string } {
  return parseReviewArgs<"withdrawal", WithdrawalStatus>(WITHDRAWALS, name === "withdrawals", args);
}

/** A withdrawal command that arrived as JSON (the admin socket): null unless well-formed. */
export function withdrawalCommandFromJson(v: Record<string, unknown>): WithdrawalCommand | null {
  return reviewCommandFromJson<"withdrawal", WithdrawalStatus>(WITHDRAWALS, v);
}

export async function runWithdrawalCommand(
  db: Db,
  command: WithdrawalCommand,
  actor: OperatorActor,
): Promise<WithdrawalResult> {
  // The process running this (the CLI, or the server behind the admin socket) reads the same
  // environment as the server that will send it: the same two-person threshold, the same chain.
  const config = loadConfig(process.env);
  switch (command.name) {
    case "withdrawal-list": {
      const { status, cursor } = command;
      const query = { status, cursor, limit: MAX_PAGE_SIZE };
      const page = await listWithdrawalsForOperators(db, query, config.withdrawals);
      return { kind: "withdrawal-list", full: command.full, status, page };
    }
    case "withdrawal-approve": {
      const canSend = configuredToSend(config.chain);
      const withdrawal = await approveWithdrawal(
        db,
        actor,
        command.id,
        canSend,
        config.withdrawals,
      );
      return { kind: "withdrawal-decided", withdrawal };
    }
    case "withdrawal-reject": {
      const { id, reason } = command;
      const withdrawal = await rejectWithdrawal(db, actor, id, reason, config.withdrawals);
      return { kind: "withdrawal-decided", withdrawal };
    }
  }
}

const STATUS_WORDS = ["under review", "sending", "sent", "failed"] as const;

/** "approved 1 of 2: operator:alice" — who approved, and whether it waits for a second. */
function approvalsText(w: AdminWithdrawalItem): string {
  if (w.approvals.length === 0)
    return w.status === 0 && w.approvalsRequired === 2 ? "needs 2 approvals" : "";
  const by = w.approvals.map((a) => a.operatorLabel).join(", ");
  return `approved ${w.approvals.length} of ${w.approvalsRequired}: ${by}`;
}

export function describeWithdrawalResult(result: WithdrawalResult): string {
  if (result.kind === "withdrawal-decided") {
    const w = result.withdrawal;
    if (w.status === 0) {
      const by = w.approvals.map((a) => a.operatorLabel).join(", ");
      return `Withdrawal ${w.id} approved by ${by}: ${w.amount} USDT needs a second approval by another operator before it is sent.`;
    }
    return w.status === 1
      ? `Withdrawal ${w.id} approved by ${w.approvals.map((a) => a.operatorLabel).join(" and ")}: the server sends ${w.amount} USDT to ${w.address}.`
      : `Withdrawal ${w.id} rejected: ${w.amount} USDT + ${w.fee} fee returned to user ${w.userId} (bill 204). Reason: ${w.reason ?? ""}`;
  }
  const { items, nextCursor } = result.page;
  // Another person's address: masked by the seed's rule unless the operator asked for --full.
  const shown = (address: string) => (result.full ? address : maskIdentifier(address));
  if (items.length === 0) return "No withdrawals.";
  const lines = items.map((w) =>
    [
      w.id,
      STATUS_WORDS[w.status],
      `${w.amount} USDT (fee ${w.fee})`,
      `to ${shown(w.address)}`,
      `user ${w.userId} ${w.userAddress === null ? "(no wallet)" : shown(w.userAddress)}`,
      w.txHash ?? "",
      w.createdAt,
      w.reason === null ? "" : `reason: ${w.reason}`,
      approvalsText(w),
    ]
      .filter((part) => part !== "")
      .join("  "),
  );
  if (nextCursor) {
    const status = result.status === null ? "" : `${result.status} `;
    lines.push(
      `More: npm run admin -- withdrawals ${status}${result.full ? "--full " : ""}--cursor ${nextCursor}`,
    );
  }
  return lines.join("\n");
}
