// The contract trigger engine replayed on recorded tick sequences (written through the real
// feed): a tick crossing a liquidation price liquidates at that exact tick, losing exactly the
// margin (104 then 303), with the tick stored and served; a tick exactly at the liquidation price
// liquidates; take-profit and stop-loss close at their exact ticks at those ticks' prices; a
// position opened after a crossing tick is not closed by it; a position the worker heard of late
// is checked against the ticks it missed; a worker started over ticks recorded while none ran
// closes at the right tick before its start resolves; a take-profit moved while open applies to
// the ticks after the move only (targetsTickSeq), and a trigger found on the old levels but
// committed after the move is dropped. Every close verifies (verifyContractClose).
// On PGlite; checkLedger after each test.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatTickTime, type MarketTick } from "../../protocol/market";
import { verifyContractClose } from "../../protocol/contract-verify";
import { CONTRACT_CHANNEL } from "../../server/db/repositories/contract-order-repository";
import { readTicks } from "../../server/db/repositories/tick-repository";
import { closePosition } from "../../server/domain/contract/close-position";
import { setContractTargets } from "../../server/domain/contract/set-targets";
import {
  startContractWorker,
  type ContractWorker,
} from "../../server/domain/contract/contract-worker";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import type { AttachedFeed } from "../../server/market/attached-feed";
import type { MarketFeed } from "../../server/market/market-feed";
import {
  contractBills,
  contractOrder,
  contractPuts,
  eventually,
  insertPosition,
  type TestPosition,
} from "./helpers/contract-positions";
import { fundUsdt, openTickFeed, recordTicks, USDT } from "./helpers/options-settlement";
import { createUserSession } from "./helpers/sessions";
import { resetDb, usePglite } from "./helpers/test-db";
import { workerLog } from "./helpers/worker-log";

const getDb = usePglite();
const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);

let feed: MarketFeed;
let market: AttachedFeed;
let worker: ContractWorker | undefined;
let clock = 0;

beforeEach(async () => {
  await resetDb(getDb());
  ({ feed, market } = await openTickFeed(getDb()));
  clock = 0;
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await feed.stop();
  expect((await checkLedger(getDb())).violations).toEqual([]);
});

async function start(): Promise<ContractWorker> {
  worker = await startContractWorker({ db: getDb(), market, log: workerLog, reconcileMs: 600_000 });
  return worker;
}

/** Records one tick (1 s after the last) and lets the worker finish; answers its seq. */
async function tick(price: string, symbol = "BTC/USDT"): Promise<string> {
  clock += 1000;
  await recordTicks(feed, symbol, [[T0 + clock, price]]);
  await worker?.settled();
  return String(feed.headSeqs().get(symbol));
}

/** A funded user's position opened on the newest tick (or `openTickSeq`). */
async function open(p: Omit<TestPosition, "userId">): Promise<string> {
  const db = getDb();
  const { userId } = await createUserSession(db);
  await fundUsdt(db, userId, 1_000n * USDT);
  const order = await insertPosition(db, {
    openTickSeq: String(feed.headSeqs().get(p.symbol ?? "BTC/USDT")),
    ...p,
    userId,
  });
  if (p.notify !== false && worker !== undefined) {
    await eventually(() => worker?.watching(order.id) ?? false);
  }
  return order.id;
}

/** Every recorded tick of BTC/USDT as GET /market/ticks serves them. */
async function servedTicks(): Promise<MarketTick[]> {
  const rows = await readTicks(getDb(), { symbol: "BTC/USDT", fromMs: 0, limit: 10_000 });
  return rows.map((t) => ({
    symbol: t.symbol,
    seq: t.seq,
    price: t.price,
    ts: formatTickTime(t.tsMs),
    hash: t.hash,
  }));
}

async function expectVerified(id: string): Promise<void> {
  const order = await contractOrder(getDb(), id);
  const report = await verifyContractClose(order, await servedTicks());
  expect(report).toMatchObject({ ok: true, closeSeq: order.closeTick?.seq });
}

describe("contract triggers on a recorded tick sequence", () => {
  it("liquidates at the first tick at or beyond the liquidation price, losing exactly the margin", async () => {
    await tick("67000.00");
    await start();
    // 10× long of 0.01 BTC at 67,000: margin 67, liquidation 67,000 × 0.905 = 60,635.00.
    const a = await open({ direction: "long", leverage: 10, quantity: "0.01", price: "67000.00" });
    // 20× short at 67,000: liquidation 67,000 × 1.045 = 70,015.00.
    const b = await open({ direction: "short", leverage: 20, quantity: "0.01", price: "67000.00" });
    expect((await contractOrder(getDb(), a)).liquidationPrice).toBe("60635.00");
    expect((await contractOrder(getDb(), b)).liquidationPrice).toBe("70015.00");
    await tick("64000.00");
    await tick("60635.01");
    expect((await contractOrder(getDb(), a)).state).toBe(1);
    const exact = await tick("60635.00"); // exactly at the liquidation price
    await tick("59000.00");
    const liquidated = await contractOrder(getDb(), a);
    expect(liquidated).toMatchObject({
      state: 2,
      closeReason: "liquidation",
      closePrice: "60635.00",
      pnl: "-67",
      closeFee: "0",
      closeTick: { seq: exact, price: "60635.00", ts: formatTickTime(T0 + 4000) },
    });
    expect(await contractBills(getDb(), a)).toEqual([
      [103, -67n * USDT],
      [301, -(USDT * 335n) / 1000n],
      [104, 67n * USDT],
      [303, -67n * USDT],
    ]);
    // Served: the change log's last put is the completed order with its tick.
    expect((await contractPuts(getDb(), a)).at(-1)).toEqual(liquidated);
    await expectVerified(a);

    // The short: beyond its price, at the first tick that gets there.
    await tick("69000.00");
    const beyond = await tick("71000.00");
    expect(await contractOrder(getDb(), b)).toMatchObject({
      closeReason: "liquidation",
      closePrice: "71000.00",
      pnl: "-33.5",
      closeTick: { seq: beyond },
    });
    await expectVerified(b);
  });

  it("closes at take-profit and stop-loss at their exact ticks and prices", async () => {
    await tick("67000.00");
    await start();
    const tp = await open({
      direction: "long",
      leverage: 5,
      quantity: "0.01",
      price: "67000.00",
      takeProfit: "68000.00",
      stopLoss: "66000.00",
    });
    const sl = await open({
      direction: "short",
      leverage: 5,
      quantity: "0.01",
      price: "67000.00",
      takeProfit: "65000.00",
      stopLoss: "68500.00",
    });
    await tick("67500.00");
    const tpTick = await tick("68100.00");
    await tick("68400.00");
    const slTick = await tick("68600.00");
    // Long: (68,100 − 67,000) × 0.01 = 11; closing fee 68,100 × 0.01 × 0.0005 = 0.3405.
    expect(await contractOrder(getDb(), tp)).toMatchObject({
      closeReason: "take-profit",
      closePrice: "68100.00",
      pnl: "11",
      closeFee: "0.3405",
      closeTick: { seq: tpTick },
    });
    // Short: (67,000 − 68,600) × 0.01 = −16; fee 0.343.
    expect(await contractOrder(getDb(), sl)).toMatchObject({
      closeReason: "stop-loss",
      closePrice: "68600.00",
      pnl: "-16",
      closeFee: "0.343",
      closeTick: { seq: slTick },
    });
    expect((await contractBills(getDb(), tp)).map(([type]) => type)).toEqual([
      103, 301, 104, 302, 301,
    ]);
    expect((await contractBills(getDb(), sl)).map(([type]) => type)).toEqual([
      103, 301, 104, 303, 301,
    ]);
    await expectVerified(tp);
    await expectVerified(sl);
  });

  it("only ticks after the opening tick count, also for a position heard of late or on start", async () => {
    await tick("67000.00");
    const crossing = await tick("60000.00");
    // Opened on the crossing tick itself (the newest when it opened): that tick does not count.
    const after = await open({
      direction: "long",
      leverage: 10,
      quantity: "0.01",
      price: "67000.00",
    });
    expect((await contractOrder(getDb(), after)).openTickSeq).toBe(crossing);
    // Recorded while no worker runs: a crossing tick for a position opened before it.
    const before = await open({
      direction: "long",
      leverage: 10,
      quantity: "0.01",
      price: "67000.00",
    });
    await tick("61000.00");
    const missed = await tick("60500.00");
    await start();
    expect(await contractOrder(getDb(), after)).toMatchObject({
      state: 2,
      closeTick: { seq: missed },
    });
    expect((await contractOrder(getDb(), before)).closeTick?.seq).toBe(missed);

    // Heard of late: committed without a notification, the worker passes its crossing tick.
    const late = await open({
      direction: "long",
      leverage: 10,
      quantity: "0.01",
      price: "67000.00",
      notify: false,
    });
    await tick("64000.00");
    const lateCrossing = await tick("60600.00");
    await tick("66000.00");
    expect((await contractOrder(getDb(), late)).state).toBe(1);
    await getDb().transaction((tx) => tx.notify(CONTRACT_CHANNEL, [late]));
    await eventually(async () => (await contractOrder(getDb(), late)).state === 2);
    expect((await contractOrder(getDb(), late)).closeTick?.seq).toBe(lateCrossing);
    await expectVerified(late);
  });

  it("checks a long run of ticks in seq order (seq 10 comes after 9, not after 1)", async () => {
    await tick("67000.00");
    const id = await open({ direction: "long", leverage: 10, quantity: "0.01", price: "67000.00" });
    // Recorded while no worker runs, then checked in one page: seq 2..14, falling 1,000 a tick.
    clock += 1000;
    const fall = Array.from(
      { length: 13 },
      (_, i) => [T0 + clock + i, `${66_500 - 1_000 * i}.00`] as const,
    );
    await recordTicks(feed, "BTC/USDT", fall);
    await start();
    // 60,635.00 is first reached by 60,500.00 at seq 8; in text order seq 10 would come first.
    expect((await contractOrder(getDb(), id)).closeTick).toMatchObject({
      seq: "8",
      price: "60500.00",
    });
    await expectVerified(id);
  });

  it("a take-profit moved while open applies to the ticks after the move, not before", async () => {
    const db = getDb();
    await tick("67000.00");
    await start();
    // 2× long at 67,000 with a take-profit at 68,000 (liquidation 33,835.00: out of the way).
    const a = await open({
      direction: "long",
      leverage: 2,
      quantity: "0.01",
      price: "67000.00",
      takeProfit: "68000.00",
    });
    const userId =
      (
        await db.query<{ user_id: string }>(
          "SELECT user_id::text AS user_id FROM contract_orders WHERE id = $1",
          [a],
        )
      )[0]?.user_id ?? "";
    // A tick at 68,500 reaches the old take-profit; the feed holds it, not yet recorded, when the
    // user moves the take-profit to 69,000: that tick comes before the move.
    clock += 1000;
    feed.accept([{ symbol: "BTC/USDT", price: "68500.00", qty: "0.01", ts: T0 + clock }]);
    const head = String(feed.headSeqs().get("BTC/USDT"));
    const moved = await setContractTargets(db, {
      userId,
      id: a,
      body: { takeProfit: "69000.00", stopLoss: null },
      feed,
    });
    expect(moved).toMatchObject({ takeProfit: "69000.00", targetsTickSeq: head });
    await feed.flush();
    await worker?.settled();
    expect((await contractOrder(db, a)).state).toBe(1);
    await tick("68800.00"); // reaches the old level only
    expect((await contractOrder(db, a)).state).toBe(1);
    const reached = await tick("69100.00");
    await tick("69500.00");
    expect(await contractOrder(db, a)).toMatchObject({
      state: 2,
      closeReason: "take-profit",
      closePrice: "69100.00",
      pnl: "21",
      targetsTickSeq: head,
      closeTick: { seq: reached },
    });
    await expectVerified(a);
  });

  it("a trigger found on levels changed before it commits is dropped: the row decides", async () => {
    const db = getDb();
    await tick("67000.00");
    const a = await open({
      direction: "long",
      leverage: 2,
      quantity: "0.01",
      price: "67000.00",
      takeProfit: "68000.00",
    });
    const crossing = await tick("68500.00");
    const userId =
      (
        await db.query<{ user_id: string }>(
          "SELECT user_id::text AS user_id FROM contract_orders WHERE id = $1",
          [a],
        )
      )[0]?.user_id ?? "";
    // The worker read the old take-profit and tick `crossing`, but the move commits first.
    await setContractTargets(db, {
      userId,
      id: a,
      body: { takeProfit: "69000.00", stopLoss: null },
      feed,
    });
    const closed = await db.transaction((tx) =>
      closePosition(tx, {
        id: a,
        reason: "take-profit",
        price: 68_500n * USDT,
        tickSeq: crossing,
        atMs: T0,
      }),
    );
    expect(closed.kind).toBe("not-reached");
    expect((await contractOrder(db, a)).state).toBe(1);
    // The worker, started now, checks the position from its opening tick on the row's rule.
    await start();
    expect((await contractOrder(db, a)).state).toBe(1);
    await tick("69000.00");
    expect(await contractOrder(db, a)).toMatchObject({ state: 2, closeReason: "take-profit" });
    await expectVerified(a);
  });

  it("a position with nothing reached stays open, its margin frozen", async () => {
    await tick("67000.00");
    await start();
    const id = await open({ direction: "long", leverage: 2, quantity: "0.01", price: "67000.00" });
    for (const price of ["66000.00", "50000.00", "80000.00"]) await tick(price);
    expect(await contractOrder(getDb(), id)).toMatchObject({ state: 1, closeTick: null });
    expect(worker?.watching(id)).toBe(true);
  });
});
