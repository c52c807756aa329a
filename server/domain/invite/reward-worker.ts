// The reward payer in the background (started by workers.ts in the leading process): every
// CHECK_MS it drains the queue that events fill (identity approved, deposit credited:
// queueRewardCheck in their transactions), and every SWEEP_MS it puts every unpaid invitee back
// on it — rewards that waited for budget, and anything an event missed. Settling is idempotent
// and locked (reward-payer.ts), so a second payer somewhere does no harm.
import type { Db } from "../../db/db";
import { queueUnpaidInvitees, takeRewardChecks } from "../../db/repositories/invite-repository";
import { startPassLoop, type PassLoop } from "../pass-loop";
import type { InviteRule } from "./invite-config";
import { settleInviteReward, type RewardOutcome } from "./reward-payer";

const CHECK_MS = 2_000;
const SWEEP_MS = 5 * 60_000;
const BATCH = 100;

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One pass: the sweep when asked, then the queue until it is empty. Answers what happened. */
export async function runRewardPass(
  db: Db,
  rule: InviteRule,
  options: { sweep: boolean; log?: Log },
): Promise<RewardOutcome[]> {
  if (options.sweep) await queueUnpaidInvitees(db);
  const outcomes: RewardOutcome[] = [];
  for (;;) {
    const ids = await takeRewardChecks(db, BATCH);
    for (const id of ids) {
      try {
        const outcome = await settleInviteReward(db, rule, id);
        outcomes.push(outcome);
        if (outcome === "paid") options.log?.info({ inviteeId: id }, "invite reward paid");
      } catch (err) {
        // Taken off the queue: the next sweep puts it back.
        options.log?.error({ err, inviteeId: id }, "invite reward check failed");
      }
    }
    if (ids.length < BATCH) return outcomes;
  }
}

export function startRewardWorker(db: Db, rule: InviteRule, log: Log): PassLoop {
  let lastSweep = 0;
  const pass = () => {
    const sweep = Date.now() - lastSweep >= SWEEP_MS;
    if (sweep) lastSweep = Date.now();
    return runRewardPass(db, rule, { sweep, log });
  };
  return startPassLoop(pass, {
    everyMs: CHECK_MS,
    onError: (err) => log.error({ err }, "invite reward pass failed"),
  });
}
