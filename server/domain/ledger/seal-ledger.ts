// The sealer (migration 008): gives committed transactions their place in the hash chain — a
// gap-free sequence number, the previous hash and their own — and brings the system accounts'
// balances up to date, a batch at a time. Postings hold no global lock, so PostgreSQL commits
// them side by side; the chain's one order is decided here, after commit, where a rollback can
// no longer leave a hole in it. Any number of processes may run it: the chain head's row lock
// admits one batch at a time, and each transaction leaves the queue in the batch that seals it.
import type { Db } from "../../db/db";
import {
  hasUnsealed,
  lockChainHead,
  readUnsealed,
  writeSeal,
  type SealedLink,
} from "../../db/repositories/ledger-seal-repository";
import { transactionHash } from "./transaction-hash";
import type { DomainLogger } from "../logger";

/** Transactions sealed per database transaction: one statement reads them, one writes. */
export const SEAL_BATCH = 2_000;
/** How long a committed transaction waits for its seal, at most, while the sealer runs. */
export const SEAL_INTERVAL_MS = 100;

/** Seals one batch; answers how many transactions it sealed (0: nothing was waiting). */
export async function sealBatch(db: Db, limit = SEAL_BATCH): Promise<number> {
  if (!(await hasUnsealed(db))) return 0;
  return db.transaction(async (tx) => {
    const head = await lockChainHead(tx);
    const pending = await readUnsealed(tx, limit);
    let seq = BigInt(head.last_seq);
    let prevHash = head.last_hash;
    const links: SealedLink[] = pending.map((t) => {
      seq += 1n;
      const hash = transactionHash({
        id: seq.toString(),
        prevHash,
        kind: t.kind,
        reference: t.reference,
        createdAtMs: t.created_at_ms,
        legs: t.legs.map((l) => ({
          leg: l.leg,
          accountId: l.account_id,
          asset: l.asset,
          bucket: l.bucket,
          amount: BigInt(l.amount),
        })),
      });
      const link = { seq: seq.toString(), transactionId: t.id, prevHash, hash };
      prevHash = hash;
      return link;
    });
    const dequeued = await writeSeal(tx, links);
    if (dequeued !== links.length) {
      throw new Error(`sealing: ${dequeued} queue rows removed for ${links.length} links`);
    }
    return links.length;
  });
}

/** Seals until nothing committed is left waiting (tests, ledger:check, the benchmark's end). */
export async function sealAll(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const sealed = await sealBatch(db);
    total += sealed;
    if (sealed === 0) return total;
  }
}

export interface RunningSealer {
  stop(): Promise<void>;
}

/**
 * Seals in a loop: straight on while batches come back full, otherwise after `intervalMs`.
 * A failed round is logged and retried; nothing is lost, the queue keeps what was not sealed.
 */
export function startLedgerSealer(
  db: Db,
  log: Pick<DomainLogger, "error">,
  intervalMs = SEAL_INTERVAL_MS,
): RunningSealer {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const run = async (): Promise<boolean> => {
    try {
      return (await sealBatch(db)) === SEAL_BATCH;
    } catch (err) {
      log.error({ err }, "ledger sealer failed; retrying");
      return false;
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = run().then((full) => schedule(full ? 0 : intervalMs));
    }, delay);
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
