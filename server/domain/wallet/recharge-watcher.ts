// The recharge watcher (a wallet worker): re-asks the chain about recharges waiting for
// confirmations and credits each exactly once when its transfer is confirmed. Each tick looks
// at a bounded batch, walking the waiting ones in id order and starting over at the end, so a
// long queue is served in turn. Several servers may run it at once: the crediting transaction
// locks the recharge row and re-checks that it still waits, and credited_deposits' primary key
// is the last guard.
import { getAddress, type Hex } from "viem";
import type { AttachedChain } from "../../chain/attached-chain";
import type { ChainEndpoint } from "../../chain/chain-endpoint";
import { verifyDeposit } from "../../chain/verify-deposit";
import type { Db } from "../../db/db";
import {
  creditedLogIndexes,
  lockRecharge,
  markRechargeManual,
  markRechargeRejected,
  staleWaitingRecharges,
  waitingRecharges,
  type RechargeWithUserRow,
} from "../../db/repositories/recharge-repository";
import { findUserByAddress } from "../../db/repositories/user-repository";
import { tellRechargeRejected } from "./wallet-messages";
import { ALREADY_CREDITED_REASON, creditRecharge } from "./recharge-credit";
import { recordRecharge } from "./recharge-view";
import type { ChainWorker } from "./wallet-workers";

/** A recharge still unconfirmed after this long goes to an operator. */
export const RECHARGE_WAIT_SECONDS = 24 * 60 * 60;
/**
 * A hash no node has heard of gets this long to appear (broadcast from another node, a slow
 * mempool) before an operator checks it: a typo should not wait a day.
 */
export const UNKNOWN_TX_GRACE_SECONDS = 10 * 60;
export const STALE_REASON =
  "The transaction was not confirmed within 24 hours; an operator checks it";
const BATCH = 20;

export interface RechargeWatcherOptions {
  batchSize?: number;
  maxWaitSeconds?: number;
}

export function createRechargeWatcher(
  db: Db,
  chain: AttachedChain,
  options: RechargeWatcherOptions = {},
): ChainWorker {
  const batchSize = options.batchSize ?? BATCH;
  const maxWait = options.maxWaitSeconds ?? RECHARGE_WAIT_SECONDS;
  let after: string | null = null;
  return {
    name: "recharge-watcher",
    async tick() {
      const endpoint = chain.endpoint;
      if (endpoint === undefined) {
        // No chain to ask (not attached yet, or detached): only the time limit applies.
        for (const id of await staleWaitingRecharges(db, maxWait, batchSize)) {
          await toManual(db, id, STALE_REASON);
        }
        return;
      }
      const batch = await waitingRecharges(db, after, batchSize);
      after = batch.length < batchSize ? null : (batch.at(-1)?.id ?? null);
      for (const row of batch) await check(db, endpoint, row, maxWait);
    },
  };
}

async function check(
  db: Db,
  endpoint: ChainEndpoint,
  row: RechargeWithUserRow,
  maxWaitSeconds: number,
): Promise<void> {
  if (row.tx_hash === null) return;
  if (row.user_address === null) {
    await toManual(db, row.id, "The account has no wallet address to match the sender");
    return;
  }
  const txHash = row.tx_hash as Hex;
  const verification = await verifyDeposit(endpoint, {
    txHash,
    amount: BigInt(row.amount),
    sender: getAddress(row.user_address),
    credited: await creditedLogIndexes(db, endpoint.chainId, txHash),
  });
  const ageMs = Date.now() - row.created_at.getTime();
  if (verification.kind === "invalid") {
    if (verification.code === "unknown-tx" && ageMs < UNKNOWN_TX_GRACE_SECONDS * 1000) return;
    const { from } = verification;
    if (from !== undefined && (await findUserByAddress(db, from)) !== null) {
      // Filed before it was mined, and another user's wallet sent it: theirs, not this claim's.
      await toFailed(db, row.id, NOT_YOUR_TRANSFER_REASON(from));
      return;
    }
    await toManual(db, row.id, verification.reason);
  } else if (verification.kind === "confirmed") {
    const { logIndex, from } = verification;
    await db.transaction(async (tx) => {
      const locked = await lockRecharge(tx, row.id);
      if (locked?.status !== 0 || locked.verification !== "waiting") return;
      const transfer = { chainId: endpoint.chainId, logIndex, from };
      const credited = await creditRecharge(tx, locked, {
        verification: "verified",
        reviewerId: null,
        transfer,
      });
      if (credited === "already-credited") {
        await recordRecharge(tx, await markRechargeManual(tx, row.id, ALREADY_CREDITED_REASON));
      }
    });
  } else if (ageMs > maxWaitSeconds * 1000) {
    // Still unconfirmed (or the chain unreachable) after the limit: an operator decides.
    await toManual(db, row.id, STALE_REASON);
  }
}

export const NOT_YOUR_TRANSFER_REASON = (from: string) =>
  `This transfer was sent from ${from}, another user's wallet: only that account is credited with it`;

/** Ends a still-waiting recharge as failed with the reason the user reads; no-op if it moved on. */
async function toFailed(db: Db, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockRecharge(tx, id);
    if (locked?.status !== 0 || locked.verification !== "waiting") return;
    const failed = await markRechargeRejected(tx, { id, reason, reviewerId: null });
    await recordRecharge(tx, failed);
    await tellRechargeRejected(tx, failed, reason);
  });
}

/** Hands a still-waiting recharge to the operators with the reason; no-op if it moved on. */
async function toManual(db: Db, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockRecharge(tx, id);
    if (locked?.status !== 0 || locked.verification !== "waiting") return;
    await recordRecharge(tx, await markRechargeManual(tx, id, reason));
  });
}
