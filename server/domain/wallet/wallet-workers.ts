// The wallet's background work against the chain: crediting every confirmed USDT transfer a
// user's wallet sent to the deposit address (deposit-watcher.ts), crediting claimed recharges
// whose confirmations arrive (recharge-watcher.ts) and sending approved withdrawals
// (withdrawal-sender.ts). One loop runs the
// workers' ticks one after another, never overlapping, so a slow RPC delays the next round
// instead of stacking rounds; tests call a worker's tick() directly instead.
import type { AttachedChain } from "../../chain/attached-chain";
import type { Db } from "../../db/db";
import { createDepositWatcher } from "./deposit-watcher";
import { createRechargeWatcher } from "./recharge-watcher";
import { createWithdrawalSender } from "./withdrawal-sender";
import type { DomainLogger } from "../logger";
import { startPassLoop, type PassLoop } from "../pass-loop";

export interface ChainWorker {
  /** Short name for logs. */
  readonly name: string;
  /** One round of work; resolves when it is done. Errors are logged and the next round runs. */
  tick(): Promise<void>;
}

/** How often the workers look at the chain (the dev chain makes a block a second). */
export const WALLET_WORKER_INTERVAL_MS = 1_000;

export function createWalletWorkers(db: Db, chain: AttachedChain): ChainWorker[] {
  // Deposits first: a claim of a transfer the scan credits is credited once, as that claim.
  return [
    createDepositWatcher(db, chain),
    createRechargeWatcher(db, chain),
    createWithdrawalSender(db, chain),
  ];
}

export function startWalletWorkers(
  workers: readonly ChainWorker[],
  log: Pick<DomainLogger, "error">,
  intervalMs = WALLET_WORKER_INTERVAL_MS,
): PassLoop {
  let stopping = false;
  const round = async () => {
    for (const worker of workers) {
      // A stop lets the worker in progress finish, not the ones after it.
      if (stopping) return;
      try {
        await worker.tick();
      } catch (err) {
        log.error({ err }, `wallet worker ${worker.name} failed; retrying next round`);
      }
    }
  };
  const loop = startPassLoop(round, {
    everyMs: intervalMs,
    firstAfterMs: intervalMs,
    onError: (err) => log.error({ err }, "wallet workers round failed"),
  });
  return {
    stop() {
      stopping = true;
      return loop.stop();
    },
  };
}
