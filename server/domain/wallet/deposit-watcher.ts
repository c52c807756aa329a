// The deposit watcher (a wallet worker): reads the USDT Transfer logs to the deposit address
// (eth_getLogs from a stored block cursor, only blocks with CHAIN_CONFIRMATIONS complete) and
// credits every transfer whose sender is a user's wallet to that user — no claim, no voucher, no
// race to file the hash first. A user's open claim of that very transfer is credited
// instead of a new recharge, so the user sees one recharge. Crediting is idempotent on
// (chain, tx hash, log index): credited_deposits' primary key, so a re-scan, a claim credited at
// submission, or a second server never credit a transfer twice. Transfers from addresses that are
// no user's are left to claims, which an operator decides.
import { erc20Abi, getAddress, type Address, type Hex } from "viem";
import type { AttachedChain } from "../../chain/attached-chain";
import type { ChainEndpoint } from "../../chain/chain-endpoint";
import type { Db, Queryable } from "../../db/db";
import {
  readDepositCursor,
  writeDepositCursor,
  type DepositScanTarget,
} from "../../db/repositories/deposit-cursor-repository";
import {
  creditedDepositOwner,
  insertRecharge,
  lockOpenClaim,
  markRechargeRejected,
} from "../../db/repositories/recharge-repository";
import { findUserByAddress } from "../../db/repositories/user-repository";
import { formatUnits } from "../../../protocol/decimal";
import { ASSET_SCALES } from "../../../protocol/assets";
import { creditRecharge } from "./recharge-credit";
import { recordRecharge } from "./recharge-view";
import { tellRechargeRejected } from "./wallet-messages";
import type { ChainWorker } from "./wallet-workers";

/** Blocks per eth_getLogs call: public providers cap ranges (often 2,000–10,000). */
export const DEPOSIT_SCAN_BLOCKS = 2_000n;

/** One Transfer of USDT to the deposit address, as the logs show it. */
export interface DepositTransfer {
  txHash: Hex;
  logIndex: number;
  from: Address;
  value: bigint;
  blockNumber: bigint;
}

export interface DepositWatcherOptions {
  /** Blocks per eth_getLogs call (tests use small ranges). */
  scanBlocks?: bigint;
}

export function createDepositWatcher(
  db: Db,
  chain: AttachedChain,
  options: DepositWatcherOptions = {},
): ChainWorker {
  const scanBlocks = options.scanBlocks ?? DEPOSIT_SCAN_BLOCKS;
  return {
    name: "deposit-watcher",
    async tick() {
      const endpoint = chain.endpoint;
      if (endpoint === undefined) return;
      const target: DepositScanTarget = {
        chainId: endpoint.chainId,
        token: endpoint.token,
        depositAddress: endpoint.depositAddress,
      };
      const latest = await endpoint.publicClient.getBlockNumber({ cacheTime: 0 });
      // The newest block with enough confirmations: latest − confirmations + 1 counts itself.
      const safe = latest - BigInt(endpoint.confirmations) + 1n;
      let from = await readDepositCursor(db, target);
      if (from === null) {
        // First scan: the demo chain is young, read it all; a real chain is read from now on
        // (deposits before the watcher existed were claimed and credited on submission).
        from = chain.dev !== undefined ? 0n : safe > 0n ? safe : 0n;
        await writeDepositCursor(db, target, from);
      } else if (from > latest + 1n && chain.dev !== undefined) {
        // The demo chain is in memory: a restarted server runs a new one from block 0.
        from = 0n;
        await writeDepositCursor(db, target, from, true);
      }
      if (safe < from) return;
      const to = safe < from + scanBlocks - 1n ? safe : from + scanBlocks - 1n;
      for (const transfer of await transfersToDeposit(endpoint, from, to)) {
        await creditTransfer(db, endpoint.chainId, transfer);
      }
      await writeDepositCursor(db, target, to + 1n);
    },
  };
}

async function transfersToDeposit(
  endpoint: ChainEndpoint,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<DepositTransfer[]> {
  const logs = await endpoint.publicClient.getContractEvents({
    address: endpoint.token,
    abi: erc20Abi,
    eventName: "Transfer",
    args: { to: endpoint.depositAddress },
    fromBlock,
    toBlock,
    strict: true,
  });
  return logs.map((log) => ({
    txHash: log.transactionHash,
    logIndex: log.logIndex,
    from: getAddress(log.args.from),
    value: log.args.value,
    blockNumber: log.blockNumber,
  }));
}

/** Credits one confirmed transfer to the user whose wallet sent it; no-op when done before. */
export async function creditTransfer(
  db: Db,
  chainId: number,
  transfer: DepositTransfer,
): Promise<"credited" | "done-before" | "no-user" | "zero"> {
  const txHash = transfer.txHash.toLowerCase();
  if (transfer.value === 0n) return "zero";
  const key = { chainId, txHash, logIndex: transfer.logIndex };
  if ((await creditedDepositOwner(db, key)) !== null) return "done-before";
  const user = await findUserByAddress(db, transfer.from);
  if (user === null) return "no-user";
  return db
    .transaction(async (tx) => {
      const row = await claimOrNewRecharge(tx, user.id, txHash, transfer.value);
      const credited = await creditRecharge(tx, row, {
        verification: "verified",
        reviewerId: null,
        transfer: { chainId, logIndex: transfer.logIndex, from: transfer.from },
      });
      if (credited === "already-credited") {
        // Credited by a claim or another server since our read: undo this transaction's writes.
        throw new AlreadyCredited();
      }
      return "credited" as const;
    })
    .catch((err: unknown) => {
      if (err instanceof AlreadyCredited) return "done-before" as const;
      throw err;
    });
}

class AlreadyCredited extends Error {}

/**
 * The user's open claim of this transfer when it names its amount; otherwise a new recharge
 * (no voucher). A claim of the same hash for another amount ends failed, saying what came.
 */
async function claimOrNewRecharge(tx: Queryable, userId: string, txHash: string, value: bigint) {
  const claim = await lockOpenClaim(tx, userId, txHash);
  if (claim !== null && BigInt(claim.amount) === value) return claim;
  if (claim !== null) {
    const reason = `The transfer sent ${formatUnits(value, ASSET_SCALES.USDT)} USDT, not the amount entered; it was credited as it came`;
    const failed = await markRechargeRejected(tx, { id: claim.id, reason, reviewerId: null });
    await recordRecharge(tx, failed);
    await tellRechargeRejected(tx, failed, reason);
  }
  const row = await insertRecharge(tx, {
    userId,
    amount: value,
    voucherUploadId: null,
    txHash,
    verification: "waiting",
    reason: null,
  });
  if (row === null) throw new AlreadyCredited();
  return row;
}
