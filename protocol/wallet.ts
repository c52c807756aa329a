// Money in and out of the platform on the wire (API.md /wallet/recharge, /wallet/withdraw and
// their statuses). Amounts are decimal USDT strings; addresses and hashes are 0x hex.
import type { Static } from "@sinclair/typebox";
import type {
  RechargeAnswer,
  RechargeBody,
  WithdrawalAnswer,
  WithdrawBody,
  WithdrawConfigAnswer,
} from "./endpoints/wallet";

/** Recharge status: 0 under review (or waiting for confirmations), 1 success, 2 failed. */
export const RECHARGE_STATUS = { underReview: 0, success: 1, failed: 2 } as const;
export type RechargeStatus = (typeof RECHARGE_STATUS)[keyof typeof RECHARGE_STATUS];

/** Withdrawal status: 0 under review, 1 pending (approved, sending), 2 success, 3 failed. */
export const WITHDRAWAL_STATUS = { underReview: 0, pending: 1, success: 2, failed: 3 } as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUS)[keyof typeof WITHDRAWAL_STATUS];

/** POST /wallet/recharge. `voucher` is the id of an upload of purpose "voucher". */
export type RechargeRequest = Static<typeof RechargeBody>;

/**
 * How far the server got with a recharge's tx hash:
 * - "none": no tx hash; an operator reviews the voucher;
 * - "waiting": the transfer is valid but lacks confirmations; it is credited once they arrive;
 * - "verified": credited from the chain without an operator;
 * - "manual": the chain could not confirm it (why: `reason`), so an operator reviews it.
 */
export type RechargeVerification = Recharge["verification"];

/**
 * A recharge as POST/GET /wallet/recharge and the change log's "recharge" entity carry it.
 * `voucher` is null when the server found the transfer on chain and credited it without a claim;
 * `reason` says why it failed (status 2) or why it waits for an operator, null otherwise.
 */
export type Recharge = Static<typeof RechargeAnswer>;

/** GET /wallet/withdraw/config: what a withdrawal costs and allows, shown before confirming. */
export type WithdrawConfig = Static<typeof WithdrawConfigAnswer>;

/** POST /wallet/withdraw. `address` must be a valid EIP-55 (or all-lower/upper-case) address. */
export type WithdrawRequest = Static<typeof WithdrawBody>;

/**
 * A withdrawal as POST/GET /wallet/withdraw and the change log's "withdrawal" entity carry it.
 * `completedAt`: when the transfer was confirmed on chain (status 2); `reason`: why it failed.
 */
export type Withdrawal = Static<typeof WithdrawalAnswer>;

/** Longest operator reason a user reads. */
export const WALLET_REASON_MAX_LENGTH = 500;

/** Withdrawal terms (USDT): the flat fee, the smallest and the largest single withdrawal. */
export const WITHDRAW_FEE = "1";
export const WITHDRAW_MIN_AMOUNT = "10";
export const WITHDRAW_MAX_AMOUNT = "50000";

/**
 * The one identity rule for withdrawals, the Message of a 422 IDENTITY_REQUIRED and,
 * translated, what /verified and /withdrawal say.
 */
export const WITHDRAW_IDENTITY_RULE =
  "You can always withdraw to your own signed-in wallet. Withdrawals to any other address need a verified identity.";

/** GET /admin/recharge item: the recharge with who asked and what the chain said. */
export interface AdminRechargeItem extends Recharge {
  userId: string;
  /** The user's wallet address, or null for a password-only account. */
  userAddress: string | null;
  voucherUrl: string | null;
  /**
   * Other users' open or credited recharges naming the same tx hash, oldest first: a transfer
   * from an address that is no user's is claimed by whoever asks, and the first claim wins nothing.
   */
  competingClaims: string[];
  /** The Transfer log credited (chain id, log index, sender), once known. */
  chainId: number | null;
  logIndex: number | null;
  fromAddress: string | null;
  reviewerId: string | null;
}

/** One operator's approval of a withdrawal (the CLI's have no operator id). */
export interface WithdrawalApproval {
  operatorId: string | null;
  /** The audit log's actor label: "operator:<username>" or "cli:<os user>". */
  operatorLabel: string;
  approvedAt: string;
}

/** GET /admin/withdraw item. */
export interface AdminWithdrawalItem extends Withdrawal {
  userId: string;
  userAddress: string | null;
  /** The operator whose approval sent it (the second of two) or who rejected it. */
  reviewerId: string | null;
  /** Who approved it so far, in order: under review with one of two = waiting for a second. */
  approvals: WithdrawalApproval[];
  /**
   * Approvals it needs to be sent: 2 above WITHDRAWAL_SECOND_APPROVAL_ABOVE (by two different
   * operators), else 1. Read from the server's configuration now, for one under review.
   */
  approvalsRequired: 1 | 2;
}
