// The rows of the wallet tables (database v5): recharges and withdrawals as the change log
// delivers them, and one row per user of wallet facts the account pull and the chain read store.
import type { DepositInfo } from "../../protocol/chain";
import type { Recharge, WithdrawConfig, Withdrawal } from "../../protocol/wallet";

/** A recharge of the signed-in user (entity "recharge"). */
export interface RechargeRow extends Recharge {
  userId: string;
}

/** A withdrawal of the signed-in user (entity "withdrawal"). */
export interface WithdrawalRow extends Withdrawal {
  userId: string;
}

/** The signed-in wallet's Test USDT balance as read on chain (never computed by the app). */
export interface WalletBalance {
  /** The address read (the profile's, EIP-55). */
  address: string;
  chainId: number;
  /** The USDT contract read. */
  token: string;
  /** Decimal string, 6 decimals. */
  balance: string;
  /** When it was read (ISO-8601). */
  readAt: string;
}

/** Why the on-chain balance is not known (shown instead of a number). */
export type WalletBalanceGap =
  | "no-address"
  | "no-deposit-info"
  | "no-provider"
  | "wrong-chain"
  | "unreachable"
  /** The chain code (an online-only chunk) could not be loaded: the device is offline. */
  | "offline";

/**
 * What the wallet screens need besides the change log, one row per user: GET /wallet/deposit and
 * GET /wallet/withdraw/config as last pulled, and the wallet's on-chain USDT balance.
 */
export interface WalletInfoRow {
  userId: string;
  deposit: DepositInfo | null;
  depositReadAt: string | null;
  withdrawConfig: WithdrawConfig | null;
  withdrawConfigReadAt: string | null;
  balance: WalletBalance | null;
  /** Why the last balance read gave no number (null after a good read). */
  balanceGap: WalletBalanceGap | null;
  /** When the last balance read was tried (ms since epoch), for throttling. */
  balanceTriedAt: number | null;
}
