// What the chain says about a claimed USDT deposit: the transaction's receipt must have status 1
// and hold a Transfer log emitted by the USDT contract to the deposit address for exactly the
// claimed amount, with enough blocks on top. Only reads the chain (never the database): callers
// pass the log indexes of that transaction already credited, and do their RPC reads outside any
// database transaction.
//
// One deposit address serves every user, so a transfer proves nothing about who claims it; the
// sender must be the claimant's own wallet for the claim to be credited without an operator.
import {
  erc20Abi,
  getAddress,
  isAddressEqual,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
} from "viem";
import type { ChainEndpoint } from "./chain-endpoint";

export interface DepositClaim {
  txHash: Hex;
  /** USDT units (scale 6) the transfer must carry exactly. */
  amount: bigint;
  /**
   * The wallet the transfer must come from (the claimant's own address), or "any" when an
   * operator decides and only needs to know which transfer it is.
   */
  sender: Address | "any";
  /** Log indexes of this transaction already credited (credited_deposits); never chosen again. */
  credited: readonly number[];
}

/** The Transfer log a claim matches. */
export interface DepositMatch {
  logIndex: number;
  from: Address;
  blockNumber: bigint;
}

export type DepositVerification =
  | ({ kind: "confirmed"; confirmations: number } & DepositMatch)
  /** Valid so far; `match` is null while the transaction is not mined yet. */
  | { kind: "waiting"; confirmations: number; match: DepositMatch | null }
  /** The chain refutes the claim; `reason` is written for the user (and the operator). */
  | {
      kind: "invalid";
      code: InvalidDepositCode;
      reason: string;
      /** other-sender: who sent it, and whether every such transfer was credited already. */
      from?: Address;
      credited?: boolean;
    }
  | { kind: "unreachable"; error: string };

export type InvalidDepositCode =
  "unknown-tx" | "reverted" | "no-transfer" | "other-sender" | "already-credited";

export async function verifyDeposit(
  chain: ChainEndpoint,
  claim: DepositClaim,
): Promise<DepositVerification> {
  const client = chain.publicClient;
  try {
    let receipt;
    try {
      receipt = await client.getTransactionReceipt({ hash: claim.txHash });
    } catch (err) {
      if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
      return (await isKnown(chain, claim.txHash))
        ? { kind: "waiting", confirmations: 0, match: null }
        : invalid("unknown-tx", `No transaction with this hash exists on chain ${chain.chainId}`);
    }
    if (receipt.status !== "success") {
      return invalid("reverted", "The transaction failed on chain (reverted); no USDT was sent");
    }
    const chosen = chooseTransfer(chain, claim, receipt.logs);
    if ("code" in chosen) return chosen;
    const latest = await client.getBlockNumber({ cacheTime: 0 });
    const confirmations = Number(latest - receipt.blockNumber + 1n);
    const match = {
      logIndex: chosen.logIndex,
      from: chosen.from,
      blockNumber: receipt.blockNumber,
    };
    return confirmations >= chain.confirmations
      ? { kind: "confirmed", confirmations, ...match }
      : { kind: "waiting", confirmations: Math.max(confirmations, 0), match };
  } catch (err) {
    return { kind: "unreachable", error: err instanceof Error ? err.message : String(err) };
  }
}

type ReceiptLogs = Parameters<typeof parseEventLogs>[0]["logs"];

function chooseTransfer(
  chain: ChainEndpoint,
  claim: DepositClaim,
  logs: ReceiptLogs,
): { logIndex: number; from: Address } | Extract<DepositVerification, { kind: "invalid" }> {
  const toDeposit = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs }).filter(
    (log) =>
      isAddressEqual(log.address, chain.token) && isAddressEqual(log.args.to, chain.depositAddress),
  );
  const exact = toDeposit.filter((log) => log.args.value === claim.amount);
  if (exact.length === 0) {
    return invalid(
      "no-transfer",
      toDeposit.length === 0
        ? "This transaction sends no USDT to the deposit address"
        : "This transaction sends a different USDT amount to the deposit address than the amount entered",
    );
  }
  // The sender first: a claim of someone else's transfer is that, whether or not it was credited.
  const sender = claim.sender;
  const mine = sender === "any" ? exact : exact.filter((l) => isAddressEqual(l.args.from, sender));
  const firstExact = exact[0];
  if (mine.length === 0 && firstExact !== undefined) {
    const from = getAddress(firstExact.args.from);
    return {
      ...invalid(
        "other-sender",
        `The transfer was sent from ${from}, another wallet than yours; an operator checks it`,
      ),
      from,
      credited: exact.every((log) => claim.credited.includes(log.logIndex)),
    };
  }
  const first = mine.find((log) => !claim.credited.includes(log.logIndex));
  if (first === undefined) {
    return invalid("already-credited", "This transfer was already credited to a recharge");
  }
  return { logIndex: first.logIndex, from: getAddress(first.args.from) };
}

/** Whether the node knows the transaction at all (pending in its pool counts). */
async function isKnown(chain: ChainEndpoint, hash: Hex): Promise<boolean> {
  try {
    await chain.publicClient.getTransaction({ hash });
    return true;
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return false;
    throw err;
  }
}

function invalid(
  code: InvalidDepositCode,
  reason: string,
): Extract<DepositVerification, { kind: "invalid" }> {
  return { kind: "invalid", code, reason };
}
