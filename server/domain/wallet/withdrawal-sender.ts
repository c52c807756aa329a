// Sends approved withdrawals (status 1) from the hot wallet and settles them from the chain:
//   no signed transfer yet → sign (hot wallet queue), store hash + bytes + nonce (commit), broadcast;
//   signed, no receipt     → broadcast the same bytes again (after a crash, or a dropped send);
//   receipt success with enough confirmations → status 2, the reservation deducted: the amount to
//                            the system "withdrawals" account (bill 203), the fee to fees (205);
//   receipt reverted, or the node refuses to run it → status 3, the reservation returned (204).
// Every end locks the withdrawal row and re-checks it, and the ledger ends a reservation at most
// once, so two racing ticks (or two servers) settle a withdrawal exactly once. Nothing here can
// ask the user for anything: a withdrawal ends sent or returned (DESIGN §1.3).
import {
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { AttachedChain } from "../../chain/attached-chain";
import type { ChainEndpoint } from "../../chain/chain-endpoint";
import { NonceSpentError, TransferRevertedError, type HotWallet } from "../../chain/hot-wallet";
import type { Db } from "../../db/db";
import {
  highestNonceInFlight,
  lockWithdrawal,
  markCompleted,
  markFailed,
  pendingWithdrawals,
  storeSignedTransfer,
  type WithdrawalRow,
} from "../../db/repositories/withdrawal-repository";
import { WALLET_REASON_MAX_LENGTH } from "../../../protocol/wallet";
import { deduct, returnReservation } from "../ledger/operations";
import { tellWithdrawalReturned, tellWithdrawalSent } from "./wallet-messages";
import { recordWithdrawal } from "./withdrawal-view";
import type { ChainWorker } from "./wallet-workers";

/** Most withdrawals looked at per round; the rest wait for the next one. */
const BATCH = 20;

/** Thrown inside the store step when another tick stored (or ended) the withdrawal first. */
class AlreadyTaken extends Error {}

export function createWithdrawalSender(db: Db, chain: AttachedChain): ChainWorker {
  return {
    name: "withdrawal-sender",
    async tick() {
      const hot = chain.hotWallet;
      const endpoint = chain.endpoint;
      if (hot === undefined || endpoint === undefined) return;
      const rows = await pendingWithdrawals(db, BATCH);
      // Stored transfers first: their nonces come before any new one, and after a restart the
      // node must see them again before a new transfer takes a later nonce.
      for (const row of rows) {
        if (row.signed_tx !== null) await followUp(db, endpoint, hot, row);
      }
      for (const row of rows) {
        if (row.signed_tx === null) await send(db, hot, row);
      }
    },
  };
}

async function send(db: Db, hot: HotWallet, row: WithdrawalRow): Promise<void> {
  const inFlight = await highestNonceInFlight(db, hot.chainId, hot.address);
  try {
    await hot.transfer({
      to: row.address as Address,
      units: BigInt(row.amount),
      minNonce: inFlight === null ? 0 : inFlight + 1,
      beforeBroadcast: (signed) =>
        db.transaction(async (tx) => {
          const stored = await storeSignedTransfer(tx, row.id, {
            chainId: signed.chainId,
            hash: signed.hash,
            raw: signed.raw,
            nonce: signed.nonce,
            from: signed.from,
          });
          if (!stored) throw new AlreadyTaken();
          // The user sees the hash while it is on its way.
          await recordWithdrawal(tx, row.id);
        }),
    });
  } catch (err) {
    if (err instanceof AlreadyTaken) return;
    if (err instanceof TransferRevertedError) {
      await fail(db, row.id, null, err.detail);
      return;
    }
    throw err;
  }
}

async function followUp(
  db: Db,
  endpoint: ChainEndpoint,
  hot: HotWallet,
  row: WithdrawalRow,
): Promise<void> {
  const hash = row.tx_hash as Hex;
  if (row.chain_id !== endpoint.chainId) return; // signed for another chain: not ours to judge
  const client = endpoint.publicClient;
  const receipt = await receiptOf(client, hash);
  if (receipt === null) {
    try {
      await hot.rebroadcast(row.signed_tx as Hex);
    } catch (err) {
      if (!(err instanceof NonceSpentError)) throw err;
      if (await nonceSpentForGood(client, endpoint.confirmations, row)) {
        await fail(db, row.id, hash, "its nonce was used by another transaction");
      }
    }
    return;
  }
  const head = await client.getBlockNumber({ cacheTime: 0 });
  if (head - receipt.blockNumber + 1n < BigInt(endpoint.confirmations)) return;
  if (receipt.status === "success") await complete(db, row.id, hash);
  else await fail(db, row.id, hash, `transaction ${hash} reverted`);
}

async function complete(db: Db, id: string, hash: Hex): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (row === null || row.status !== 1 || row.tx_hash !== hash) return;
    await markCompleted(tx, id);
    await deduct(tx, {
      kind: "withdrawal-sent",
      reference: `withdrawal ${id} sent in ${hash}`,
      ref: { kind: "withdrawal", id },
      reservationId: row.reservation_id,
      to: "withdrawals",
      billType: 203,
      fee: { amount: BigInt(row.fee), billType: 205 },
    });
    await tellWithdrawalSent(tx, row, hash);
    await recordWithdrawal(tx, id);
  });
}

/** Status 3 and the frozen amount + fee back to available, with the chain's reason. */
async function fail(db: Db, id: string, hash: Hex | null, detail: string): Promise<void> {
  const reason = `The transfer failed on chain (${detail}); the amount and fee were returned`;
  const trimmed =
    reason.length > WALLET_REASON_MAX_LENGTH
      ? `${reason.slice(0, WALLET_REASON_MAX_LENGTH - 1)}…`
      : reason;
  await db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (row === null || row.status !== 1 || row.tx_hash !== hash) return;
    await markFailed(tx, id, trimmed, null);
    await returnReservation(tx, {
      kind: "withdrawal-failed",
      reference: `withdrawal ${id} failed: ${detail}`.slice(0, 200),
      ref: { kind: "withdrawal", id },
      reservationId: row.reservation_id,
      billType: 204,
    });
    await tellWithdrawalReturned(tx, row, trimmed);
    await recordWithdrawal(tx, id);
  });
}

async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/**
 * Whether the stored bytes can never be mined: their nonce is used at a block already
 * `confirmations` deep and they have no receipt. Only then is returning the funds safe — a
 * transfer that might still land must not be refunded too.
 */
async function nonceSpentForGood(
  client: PublicClient,
  confirmations: number,
  row: WithdrawalRow,
): Promise<boolean> {
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const settled = head - BigInt(confirmations) + 1n;
  if (settled < 0n || row.from_address === null || row.nonce === null) return false;
  const used = await client.getTransactionCount({
    address: row.from_address as Address,
    blockNumber: settled,
  });
  return used > Number(row.nonce) && (await receiptOf(client, row.tx_hash as Hex)) === null;
}
