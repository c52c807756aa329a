// What the console reads on chain (issue 22): the platform's balances for the dashboard and one
// transaction for the recharge queue. Amounts are decimal strings (USDT scale 6, ETH scale 18),
// block numbers decimal strings (they are uint64 on chain).

/** A transaction hash: 0x and 64 hex digits (the recharge request checks the same). */
export const TX_HASH_PATTERN = "^0x[0-9a-fA-F]{64}$";

/**
 * At most this many deposit addresses are read per request, the largest shown first. Today the
 * platform has one shared deposit address (server/chain/README.md), so every one is read; the
 * bound keeps a request to a fixed number of RPC calls should there ever be more.
 */
export const DEPOSIT_ADDRESS_READ_LIMIT = 5;

/**
 * Why nothing was read: no chain attached (production without CHAIN_RPC_URL, or the demo dev
 * chain still starting), or the node did not answer in time. The node's error is not passed
 * on: a provider URL (with its key) can appear in it.
 */
export type ChainReadFailure = { state: "no-chain" } | { state: "unreachable" };

export interface AddressBalance {
  address: string;
  /** USDT (the chain's ERC20), decimal string. */
  usdt: string;
}

export type ChainBalances =
  | ChainReadFailure
  | {
      state: "read";
      chainId: number;
      /** Every balance below was read at this block. */
      blockNumber: string;
      token: string;
      /** null when no hot wallet is configured (production without HOT_WALLET_KEY). */
      hotWallet: (AddressBalance & { eth: string }) | null;
      deposits: {
        /** How many deposit addresses there are; `largest` holds at most the read limit. */
        count: number;
        /** Sum of the addresses read. */
        total: string;
        largest: AddressBalance[];
      };
    };

/** The ledger's side (USDT system accounts, as of the last seal): what the chain should match. */
export interface LedgerChainView {
  /** Credited to users from deposits: minus the `deposits` system account. */
  depositsCredited: string;
  /** Sent out as withdrawals: the `withdrawals` system account. */
  withdrawalsSent: string;
}

/** GET /admin/chain/balances */
export interface AdminChainBalances {
  chain: ChainBalances;
  ledger: LedgerChainView;
  readAt: string;
}

/** A USDT Transfer log of the transaction to one of our deposit addresses. */
export interface DepositTransfer {
  logIndex: number;
  from: string;
  to: string;
  usdt: string;
}

/** GET /admin/chain/transactions/:hash */
export type AdminChainTransaction =
  | ChainReadFailure
  | { state: "not-found"; chainId: number; blockNumber: string }
  | {
      state: "pending" | "success" | "reverted";
      chainId: number;
      /** The chain's head when it was read. */
      blockNumber: string;
      /** The block it was mined in; null while pending. */
      minedIn: string | null;
      /** Head − mined block + 1; 0 while pending. */
      confirmations: number;
      /** How many the platform waits for before crediting a deposit. */
      confirmationsRequired: number;
      from: string;
      to: string | null;
      /** Transfers of the USDT contract to the deposit address (empty while pending). */
      transfers: DepositTransfer[];
    };
