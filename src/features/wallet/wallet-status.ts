// Status labels of recharges and withdrawals (API.md "Statuses"), translated where shown.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { Recharge, Withdrawal } from "../../../protocol/wallet";

/** 0 under review — or waiting for confirmations when the chain has the transfer —, 1, 2. */
export function rechargeStatus(row: Pick<Recharge, "status" | "verification">): MessageDescriptor {
  if (row.status === 1) return msg`Credited`;
  if (row.status === 2) return msg`Failed`;
  return row.verification === "waiting" ? msg`Waiting for confirmations` : msg`Under review`;
}

export function withdrawalStatus(row: Pick<Withdrawal, "status">): MessageDescriptor {
  switch (row.status) {
    case 1:
      return msg`Approved, sending`;
    case 2:
      return msg`Sent`;
    case 3:
      return msg`Failed, funds returned`;
    default:
      return msg`Under review`;
  }
}

/** The row's CSS modifier: done (green edge), failed (red edge), or open. */
export function statusTone(done: boolean, failed: boolean): string {
  if (failed) return "q-wallet__row--failed";
  return done ? "q-wallet__row--done" : "";
}
