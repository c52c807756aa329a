// Invitation rewards racing on real PostgreSQL (skipped without DATABASE_URL; PGlite serialises
// everything, DESIGN §5): two payers on two pools (two leaders for a moment, or an event and the
// sweep) settle the same invitees at once — each reward is paid exactly once (one bill 105), the
// promotions account never pays more than it holds, an empty budget pays nothing and creates no
// money, and ledger:check passes after each.
import { expect, it } from "vitest";
import { migrate } from "../../server/db/migrate";
import { DEFAULT_INVITE_RULE } from "../../server/domain/invite/invite-config";
import { settleInviteReward } from "../../server/domain/invite/reward-payer";
import { runRewardPass } from "../../server/domain/invite/reward-worker";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import type { Db } from "../../server/db/db";
import {
  claimDemo,
  deposit,
  fund,
  giftBills,
  invitedUser,
  promotionsUnits,
  USDT,
} from "./helpers/invite";
import { createUserSession } from "./helpers/sessions";
import { describePostgres } from "./helpers/test-db";

const rule = DEFAULT_INVITE_RULE;

async function qualifiedInvitees(db: Db, referrerId: string, n: number, tag: string) {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const user = await invitedUser(db, referrerId, {
      idNumber: `${tag}${String(i).padStart(6, "0")}`,
    });
    await deposit(db, user.userId, 100n * USDT);
    ids.push(user.userId);
  }
  return ids;
}

async function paidRewards(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM invite_rewards WHERE paid_at IS NOT NULL",
  );
  return row?.n ?? -1;
}

describePostgres("invitation rewards racing on PostgreSQL", (pg) => {
  let one: Db;
  let two: Db;

  it("migrates", async () => {
    one = pg.db();
    await migrate(one);
    two = pg.schema().open();
    await claimDemo(one);
  });

  it("two payers settling the same invitee at once pay the reward once", async () => {
    await fund(one, "100");
    const referrer = await createUserSession(one);
    const [invitee] = await qualifiedInvitees(one, referrer.userId, 1, "A");
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        settleInviteReward(i % 2 ? one : two, rule, invitee ?? ""),
      ),
    );
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-paid")).toHaveLength(5);
    expect(await giftBills(one, referrer.userId)).toEqual([(5n * USDT).toString()]);
    expect(await promotionsUnits(one)).toBe(95n * USDT);
    expect((await checkLedger(one)).violations).toEqual([]);
  });

  it("an empty budget pays nothing and creates no money, however many payers race", async () => {
    const before = await promotionsUnits(one);
    // Spend what is left first (two payers draining it together), so the budget is exactly empty.
    const referrer = await createUserSession(one);
    const drain = await qualifiedInvitees(one, referrer.userId, Number(before / (5n * USDT)), "B");
    await Promise.all([
      runRewardPass(one, rule, { sweep: false }),
      runRewardPass(two, rule, { sweep: false }),
    ]);
    expect(await giftBills(one, referrer.userId)).toHaveLength(drain.length);
    expect(await promotionsUnits(one)).toBe(0n);

    const waiting = await createUserSession(one);
    const ids = await qualifiedInvitees(one, waiting.userId, 4, "C");
    const outcomes = await Promise.all(
      ids.flatMap((id) => [settleInviteReward(one, rule, id), settleInviteReward(two, rule, id)]),
    );
    expect(outcomes.every((o) => o === "waiting")).toBe(true);
    expect(await giftBills(one, waiting.userId)).toEqual([]);
    expect(await promotionsUnits(one)).toBe(0n);
    const [row] = await one.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM invite_rewards WHERE referrer_id = $1 AND paid_at IS NULL",
      [waiting.userId],
    );
    expect(row?.n).toBe(4);
    expect((await checkLedger(one)).violations).toEqual([]);
  });

  it("a budget for some of the waiting rewards pays exactly that many, racing sweeps included", async () => {
    const paidBefore = await paidRewards(one);
    await fund(one, "10");
    const referrer = await createUserSession(one);
    await qualifiedInvitees(one, referrer.userId, 6, "D");
    await Promise.all([
      runRewardPass(one, rule, { sweep: true }),
      runRewardPass(two, rule, { sweep: true }),
      runRewardPass(one, rule, { sweep: false }),
    ]);
    // 10 USDT pays two rewards of 5, whichever invitees they are; the rest wait.
    expect((await paidRewards(one)) - paidBefore).toBe(2);
    expect(await promotionsUnits(one)).toBe(0n);
    // Still waiting: the previous test's 4 and the 4 of these 6 the budget did not cover.
    const [waiting] = await one.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM invite_rewards WHERE paid_at IS NULL",
    );
    expect(waiting?.n).toBe(8);
    expect((await checkLedger(one)).violations).toEqual([]);
  });
});
