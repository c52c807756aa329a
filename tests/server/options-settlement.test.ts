// Options settlement replayed on a recorded tick sequence (written through the real feed) with
// orders of known windows: exact results, bills, balances and the pool, each order settled once,
// as the feed records each order's exit (the first tick after expiresAt) and not before; a tick
// exactly at expiresAt counts, one exactly at the order's time does not; an empty window voids
// (stake and fee back) once the timer finds it overdue with the feed down; and a settler started
// over a record with overdue orders settles them before its start resolves. On PGlite.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatTickTime } from "../../protocol/market";
import { verifyOptionsOrder } from "../../protocol/options-verify";
import { pruneTicks, readTicks } from "../../server/db/repositories/tick-repository";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import {
  startOptionsSettler,
  type OptionsSettler,
} from "../../server/domain/options/options-settler";
import type { MarketFeed } from "../../server/market/market-feed";
import type { AttachedFeed } from "../../server/market/attached-feed";
import { createUserSession } from "./helpers/sessions";
import {
  buyAt,
  fundUsdt,
  lastOptionPut,
  optionResults,
  openTickFeed,
  optionRows,
  poolBalance,
  recordTicks,
  settlementBills,
  testProducts,
  USDT,
  usdtBalance,
  type TestPurchase,
} from "./helpers/options-settlement";
import { resetDb, usePglite } from "./helpers/test-db";
import { workerLog } from "./helpers/worker-log";

const getDb = usePglite();
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const STAKE = 10n * USDT;
const FEE = USDT / 10n;
const FUNDS = 100n * USDT;
const PRODUCTS = testProducts([1, 2, 3, 4, 5, 6, 30, 60]);

let feed: MarketFeed;
let market: AttachedFeed;
let settler: OptionsSettler | undefined;
let clock = T0;

beforeEach(async () => {
  await resetDb(getDb());
  ({ feed, market } = await openTickFeed(getDb()));
  clock = T0;
});

afterEach(async () => {
  await settler?.stop();
  settler = undefined;
  await feed.stop();
  const report = await checkLedger(getDb());
  expect(report.violations).toEqual([]);
});

/** A funded user's order through the real placement (stake 10 USDT, fee 0.10). */
async function buy(
  o: Omit<TestPurchase, "userId" | "amount" | "products">,
): Promise<{ id: string; userId: string }> {
  const db = getDb();
  const { userId } = await createUserSession(db);
  await fundUsdt(db, userId, FUNDS);
  const id = await buyAt(db, feed, { ...o, userId, amount: "10", products: PRODUCTS });
  return { id, userId };
}

async function start(extra: { timerMs?: number } = {}): Promise<OptionsSettler> {
  settler = await startOptionsSettler({
    db: getDb(),
    market,
    log: workerLog,
    now: () => clock,
    timerMs: extra.timerMs ?? 60_000,
  });
  return settler;
}

async function record(ms: number, price: string, symbol = "BTC/USDT"): Promise<void> {
  await recordTicks(feed, symbol, [[T0 + ms, price]]);
  await settler?.settled();
}

const results = () => optionResults(getDb());
const lastPut = (id: string) => lastOptionPut(getDb(), id);

describe("options settlement on a recorded tick sequence", () => {
  it("settles each order once its exit is recorded, with the rule's exact results and money", async () => {
    // The record: seq 1..7 of BTC/USDT (seq 1, before every window, is the live price the
    // purchases need), and ETH/USDT's seq 1 before f's window and seq 2 after it.
    //   seq 1 @ 0 66990.00 · 2 @ 1000 67000.00 · 3 @ 2000 67010.00 · 4 @ 3000 67005.00
    //   seq 5 @ 5000 67010.00 · 6 @ 8000 66990.00 · 7 @ 12000 67020.00
    await record(0, "66990.00");
    await record(0, "3500.00", "ETH/USDT");
    const a = await buy({ direction: "up", seconds: 5, timeMs: T0 + 500 }); // (500, 5500]: 2 → 5
    const b = await buy({ direction: "down", seconds: 5, timeMs: T0 + 500 }); // same window, down
    // The tick at its time (seq 3 @ 2000) is not its entry; the one at its expiry (seq 5 @ 5000)
    // is its exit.
    const c = await buy({ direction: "up", seconds: 3, timeMs: T0 + 2000 }); // 4 → 5
    const d = await buy({ direction: "up", seconds: 1, timeMs: T0 + 1000 }); // (1000, 2000]: 3 → 3
    const e = await buy({ direction: "up", seconds: 6, timeMs: T0 + 2000 }); // 4 → 6, down move
    const f = await buy({ symbol: "ETH/USDT", direction: "up", seconds: 3, timeMs: T0 + 1000 }); // none
    const g = await buy({ direction: "down", seconds: 4, timeMs: T0 + 1000 }); // 3 → 5, equal
    await start();

    await record(1000, "67000.00");
    await record(2000, "67010.00");
    // d expires at 2000: a tick at 2000 may still be followed by another at 2000, so not yet.
    expect((await results()).get(d.id)).toBeNull();
    await record(3000, "67005.00");
    expect((await results()).get(d.id)).toBe("tie");
    await record(5000, "67010.00");
    // c expires at 5000 and the tick at 5000 is recorded, but its exit is known only later.
    expect((await results()).get(c.id)).toBeNull();
    await record(8000, "66990.00");
    let now = await results();
    expect([now.get(a.id), now.get(b.id), now.get(c.id), now.get(g.id)]).toEqual([
      "win",
      "lose",
      "win",
      "tie",
    ]);
    expect(now.get(e.id)).toBeNull(); // expires at 8000, the newest tick's time
    expect(now.get(f.id)).toBeNull();
    await record(12000, "67020.00");
    expect((await results()).get(f.id)).toBeNull(); // no ETH/USDT tick after its expiry yet
    await record(12000, "3501.00", "ETH/USDT");
    now = await results();
    expect(now.get(e.id)).toBe("lose");
    expect(now.get(f.id)).toBe("void");

    const rows = new Map((await optionRows(getDb())).map((r) => [r.id, r]));
    const seqs = (id: string) => [rows.get(id)?.entry_seq, rows.get(id)?.exit_seq];
    expect(seqs(a.id)).toEqual(["2", "5"]);
    expect(seqs(b.id)).toEqual(["2", "5"]);
    expect(seqs(c.id)).toEqual(["4", "5"]);
    expect(seqs(d.id)).toEqual(["3", "3"]);
    expect(seqs(e.id)).toEqual(["4", "6"]);
    expect(seqs(f.id)).toEqual([null, null]);
    expect(seqs(g.id)).toEqual(["3", "5"]);
    const profit = (id: string) => rows.get(id)?.profit;
    expect([a, b, c, d, e, f, g].map((o) => profit(o.id))).toEqual([
      "8500000",
      "-10000000",
      "8500000",
      "0",
      "-10000000",
      "0",
      "0",
    ]);
    // Lost stakes stay in the pool: no settlement posting.
    expect(rows.get(b.id)?.settlement_transaction_id).toBeNull();
    expect(rows.get(a.id)?.settlement_transaction_id).not.toBeNull();

    // Bills: win 312 stake + profit; tie 313 stake; void 313 stake and 313 fee; lose none.
    const bills = await settlementBills(getDb());
    expect(bills.get(a.id)).toEqual([[312, 18_500_000n]]);
    expect(bills.get(c.id)).toEqual([[312, 18_500_000n]]);
    expect(bills.get(d.id)).toEqual([[313, 10_000_000n]]);
    expect(bills.get(g.id)).toEqual([[313, 10_000_000n]]);
    expect(bills.get(f.id)).toEqual([
      [313, 10_000_000n],
      [313, 100_000n],
    ]);
    expect(bills.has(b.id)).toBe(false);
    expect(bills.has(e.id)).toBe(false);

    const balance = (o: { userId: string }) => usdtBalance(getDb(), o.userId);
    const paid = FUNDS - STAKE - FEE;
    expect(await balance(a)).toBe(paid + 18_500_000n);
    expect(await balance(b)).toBe(paid);
    expect(await balance(c)).toBe(paid + 18_500_000n);
    expect(await balance(d)).toBe(paid + STAKE);
    expect(await balance(e)).toBe(paid);
    expect(await balance(f)).toBe(FUNDS);
    expect(await balance(g)).toBe(paid + STAKE);
    // Seven stakes in, two wins, two ties and a void out; seven fees in, one back.
    expect(await poolBalance(getDb())).toBe(7n * STAKE - 2n * 18_500_000n - 3n * STAKE);
    expect(await poolBalance(getDb(), "fees")).toBe(6n * FEE);

    // What the app receives: the order with the ticks it settled on, exactly as served.
    const view = await lastPut(a.id);
    expect(view).toMatchObject({
      result: "win",
      profit: "8.5",
      buyPrice: "67000.00",
      sellPrice: "67010.00",
      entryTick: { seq: "2", price: "67000.00", ts: new Date(T0 + 1000).toISOString() },
      exitTick: { seq: "5", price: "67010.00", ts: new Date(T0 + 5000).toISOString() },
      reason: null,
    });
    expect(await lastPut(f.id)).toMatchObject({ result: "void", reason: "no-ticks", profit: "0" });
    // Each order: one put at purchase, one at settlement.
    const [puts] = await getDb().query<{ n: number; orders: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT entity_id)::int AS orders FROM change_log
        WHERE entity = 'options-order'`,
    );
    expect(puts).toEqual({ n: 14, orders: 7 });

    // What a verifier reads is kept against pruning: up to two ticks before each window and
    // every tick in it (the tick after a kept one survives pruning by its own rule).
    const kept = await getDb().query<{ tick: string }>(
      "SELECT symbol || ' ' || seq AS tick FROM ticks WHERE kept ORDER BY symbol, seq",
    );
    expect(kept.map((k) => k.tick)).toEqual([
      "BTC/USDT 1",
      "BTC/USDT 2",
      "BTC/USDT 3",
      "BTC/USDT 4",
      "BTC/USDT 5",
      "BTC/USDT 6",
      "ETH/USDT 1",
    ]);
    expect(settler?.totals()).toMatchObject({ win: 2, lose: 2, tie: 2, void: 1, settled: 7 });

    // A day later every unkept tick is pruned; each settlement still verifies from what is left.
    await pruneTicks(getDb(), T0 + 48 * 3_600_000);
    for (const order of [a, b, c, d, e, f, g]) {
      const view = await lastPut(order.id);
      const served = (await readTicks(getDb(), { symbol: view.symbol, limit: 1_000 })).map((t) => ({
        symbol: t.symbol,
        seq: t.seq,
        price: t.price,
        ts: formatTickTime(t.tsMs),
        hash: t.hash,
      }));
      const last = served.at(-1);
      if (last === undefined) throw new Error(`no ${view.symbol} tick left`);
      const head = { symbol: view.symbol, seq: last.seq, hash: last.hash, ts: last.ts };
      const report = await verifyOptionsOrder({ order: view, ticks: served, head });
      expect(report, `option ${order.id}`).toMatchObject({ ok: true });
    }
  });

  it("voids an order whose window holds no tick once overdue, with the feed down", async () => {
    await record(-100, "3500.00", "ETH/USDT"); // the live price, before the window
    const h = await buy({ symbol: "ETH/USDT", direction: "down", seconds: 30, timeMs: T0 });
    market.detach();
    await start({ timerMs: 20 });
    clock = T0 + 30_000 + 4_999; // expired, but within the grace period
    await new Promise((resolve) => setTimeout(resolve, 200));
    await settler?.settled();
    expect((await results()).get(h.id)).toBeNull();
    clock = T0 + 30_000 + 5_000;
    await expect.poll(async () => (await results()).get(h.id), { interval: 20 }).toBe("void");
    expect(await usdtBalance(getDb(), h.userId)).toBe(FUNDS);
    expect((await settlementBills(getDb())).get(h.id)).toEqual([
      [313, STAKE],
      [313, FEE],
    ]);
  });

  it("settles from what is recorded when the feed stops after the window", async () => {
    await record(-100, "66990.00");
    const o = await buy({ direction: "up", seconds: 2, timeMs: T0 });
    await recordTicks(feed, "BTC/USDT", [
      [T0 + 500, "67000.00"],
      [T0 + 1500, "67001.00"],
    ]);
    market.detach(); // no later tick will come
    clock = T0 + 2_000 + 5_000;
    await start();
    expect((await results()).get(o.id)).toBe("win");
  });

  it("on start settles every order the record says is due before it resolves", async () => {
    await record(-100, "66990.00");
    const orders = [];
    for (let i = 0; i < 5; i += 1) {
      orders.push(await buy({ direction: i % 2 === 0 ? "up" : "down", seconds: 1, timeMs: T0 }));
    }
    const open = await buy({ direction: "up", seconds: 60, timeMs: T0 });
    await recordTicks(feed, "BTC/USDT", [
      [T0 + 100, "67000.00"],
      [T0 + 900, "67100.00"],
      [T0 + 1100, "67200.00"],
    ]);
    await start();
    const now = await results();
    expect(orders.map((o) => now.get(o.id))).toEqual(["win", "lose", "win", "lose", "win"]);
    expect(now.get(open.id)).toBeNull();
    // A second settler finds nothing left: each order ended once.
    const second = await startOptionsSettler({
      db: getDb(),
      market,
      log: workerLog,
      now: () => clock,
    });
    await second.stop();
    expect(second.totals().settled).toBe(0);
    const bills = await settlementBills(getDb());
    expect([...bills.values()].map((b) => b.length)).toEqual([1, 1, 1]);
  });
});
