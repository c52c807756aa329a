// The contract close verifier on chains hashed with node:crypto (options-verify-fixtures.ts):
// a liquidation, a take-profit and a stop-loss verify; each kind of tampering or wrong close is
// named by its code; targets count only after the tick they were set at (targetsTickSeq), a
// liquidation after the opening tick; gaps older than the tick retention are reported as pruned
// (prunedBefore) while what is still served is checked; the tick collector pages from the
// opening tick through the closing one.
import { describe, expect, it } from "vitest";
import type { ContractOrder } from "./contract";
import { checkContractClose, collectContractTicks } from "./contract-verify-ticks";
import { verifyContractClose } from "./contract-verify";
import type { MarketTick } from "./market";
import { chain, memorySource, T0 } from "./options-verify-fixtures";
import { formatTickTime } from "./market";

// seq 1..7 of BTC/USDT, a second apart.
const RECORD = chain([
  [0, "67100.00"],
  [1000, "67000.00"], // 2: the opening tick
  [2000, "64000.00"],
  [3000, "60635.01"],
  [4000, "60635.00"], // 5: exactly the 10× long's liquidation price
  [5000, "59000.00"],
  [6000, "68100.00"],
]);
const tick = (seq: number) => RECORD[seq - 1] as MarketTick;

/** A 10× long of 0.01 BTC at 67,000 opened on tick 2 (margin 67, liquidation 60,635.00). */
function order(close: Partial<ContractOrder> & { seq: number }): ContractOrder {
  const t = tick(close.seq);
  return {
    id: "1",
    symbol: "BTC/USDT",
    direction: "long",
    leverage: 10,
    type: 0,
    quantity: "0.01000",
    value: "670",
    price: "67000.00",
    margin: "67",
    liquidationPrice: "60635.00",
    takeProfit: null,
    stopLoss: null,
    pnl: "-67",
    fee: "0.335",
    openFee: "0.335",
    closeFee: "0",
    state: 2,
    time: formatTickTime(T0 + 1500),
    openedAt: formatTickTime(T0 + 1500),
    openTickSeq: "2",
    targetsTickSeq: null,
    closePrice: t.price,
    closedAt: formatTickTime(T0 + 4100),
    closeReason: "liquidation",
    closeTick: { seq: t.seq, price: t.price, ts: t.ts, hash: t.hash },
    ...close,
  };
}

const kinds = (report: Awaited<ReturnType<typeof verifyContractClose>>) =>
  report.ok ? [] : report.failures.map((f) => f.kind);

describe("verifyContractClose", () => {
  it("verifies a liquidation at the first tick at its price, any order, repeats allowed", async () => {
    const served = [...RECORD.slice(0, 5)].reverse().concat(RECORD.slice(2, 4));
    expect(await verifyContractClose(order({ seq: 5 }), served)).toEqual({
      ok: true,
      closeSeq: "5",
      checkedLinks: 5,
      pruned: [],
    });
  });

  it("verifies a take-profit and a stop-loss with their pnl", async () => {
    const tp = order({ seq: 7, closeReason: "take-profit", takeProfit: "68000.00", pnl: "11" });
    // No liquidation on the way: a 2× long (liquidation 33,835.00, margin 335).
    const safe = { leverage: 2, margin: "335", liquidationPrice: "33835.00" };
    expect(await verifyContractClose({ ...tp, ...safe }, RECORD)).toMatchObject({ ok: true });
    const sl = order({ seq: 3, closeReason: "stop-loss", stopLoss: "65000.00", pnl: "-30" });
    expect(await verifyContractClose(sl, RECORD)).toMatchObject({ ok: true, closeSeq: "3" });
  });

  it("names a close later than the first tick reaching the trigger", async () => {
    expect(
      kinds(await verifyContractClose(order({ seq: 6, closePrice: "59000.00" }), RECORD)),
    ).toEqual(["earlier-trigger"]);
  });

  it("names a closing tick that fires nothing, or another trigger", async () => {
    const early = order({ seq: 4 });
    expect(kinds(await verifyContractClose(early, RECORD))).toEqual(["trigger-mismatch"]);
    const wrong = order({ seq: 5, closeReason: "stop-loss", stopLoss: "60000.00" });
    expect(kinds(await verifyContractClose(wrong, RECORD))).toContain("trigger-mismatch");
  });

  it("names a wrong pnl, a wrong close price and a rewritten tick", async () => {
    expect(kinds(await verifyContractClose(order({ seq: 5, pnl: "-70" }), RECORD))).toEqual([
      "pnl-mismatch",
    ]);
    expect(
      kinds(await verifyContractClose(order({ seq: 5, closePrice: "60000.00" }), RECORD)),
    ).toEqual(["price-mismatch"]);
    const rewritten = RECORD.map((t) => (t.seq === "3" ? { ...t, price: "60000.00" } : t));
    expect(kinds(await verifyContractClose(order({ seq: 5 }), rewritten))).toContain(
      "hash-mismatch",
    );
  });

  it("names missing ticks, gaps and orders no tick closed", async () => {
    const gap = RECORD.filter((t) => t.seq !== "3");
    expect(kinds(await verifyContractClose(order({ seq: 5 }), gap))).toContain("seq-gap");
    expect(kinds(await verifyContractClose(order({ seq: 5 }), RECORD.slice(2, 5)))).toEqual([
      "tick-missing",
    ]);
    expect(kinds(await verifyContractClose(order({ seq: 5 }), RECORD.slice(0, 4)))).toEqual([
      "tick-missing",
    ]);
    expect(await verifyContractClose(order({ seq: 5, closeReason: "user" }), RECORD)).toEqual({
      ok: false,
      failures: [{ kind: "not-triggered", closeReason: "user" }],
    });
    const other = RECORD.map((t) => ({ ...t, symbol: "ETH/USDT" }));
    expect(kinds(await verifyContractClose(order({ seq: 5 }), other))).toContain("wrong-symbol");
  });
});

describe("targets set while the position is open", () => {
  // A 2× long (no liquidation on the way) whose stop-loss was moved to 64,500 when tick 3 was the
  // newest: tick 3 (64,000) was before it, tick 4 (60,635.01) the first after it to reach it.
  const safe = { leverage: 2, margin: "335", liquidationPrice: "33835.00" };
  const moved = (targetsTickSeq: string | null) =>
    order({
      seq: 4,
      ...safe,
      closeReason: "stop-loss",
      stopLoss: "64500.00",
      pnl: "-63.6499",
      targetsTickSeq,
    });

  it("count only for the ticks after the tick they were set at", async () => {
    expect(await verifyContractClose(moved("3"), RECORD)).toMatchObject({ ok: true });
    expect(await verifyContractClose(moved(null), RECORD)).toMatchObject({
      ok: false,
      failures: [{ kind: "earlier-trigger", seq: "3", trigger: "stop-loss" }],
    });
    expect(kinds(await verifyContractClose(moved("2"), RECORD))).toEqual(["earlier-trigger"]);
    // Set when tick 4 was the newest: tick 4 cannot be what fired it.
    expect(kinds(await verifyContractClose(moved("4"), RECORD))).toEqual(["trigger-mismatch"]);
  });

  it("leave liquidation counting from the opening tick", async () => {
    // 10× long (liquidation 60,635.00, reached by tick 5), stop-loss set at tick 5, closed at 6.
    const late = order({
      seq: 6,
      closeReason: "stop-loss",
      stopLoss: "59500.00",
      closePrice: "59000.00",
      pnl: "-67",
      targetsTickSeq: "5",
    });
    expect(await verifyContractClose(late, RECORD)).toMatchObject({
      ok: false,
      failures: [{ kind: "earlier-trigger", seq: "5", trigger: "liquidation" }],
    });
  });
});

describe("a close older than the tick retention", () => {
  // Pruned: everything between tick 3 (kept: the one after the opening tick) and the closing 5.
  const pruned = RECORD.filter((t) => t.seq !== "4");
  const tsOf = (seq: number) => Date.parse(tick(seq).ts);

  it("reports the gap after a tick older than prunedBefore as pruned, not failed", async () => {
    const report = await verifyContractClose(order({ seq: 5 }), pruned, {
      prunedBefore: tsOf(3) + 1,
    });
    // Links of 1 (the chain's first), 2 and 3 check; 5's predecessor is gone, so its cannot.
    expect(report).toEqual({
      ok: true,
      closeSeq: "5",
      checkedLinks: 3,
      pruned: [{ afterSeq: "3", nextSeq: "5" }],
    });
  });

  it("fails a gap after a tick inside the retention, or without prunedBefore", async () => {
    const inside = await verifyContractClose(order({ seq: 5 }), pruned, { prunedBefore: tsOf(3) });
    expect(kinds(inside)).toEqual(["seq-gap"]);
    expect(kinds(await verifyContractClose(order({ seq: 5 }), pruned))).toEqual(["seq-gap"]);
  });

  it("still checks the served ticks, the closing tick's trigger, price and pnl", async () => {
    const options = { prunedBefore: tsOf(7) };
    expect(
      kinds(await verifyContractClose(order({ seq: 5, pnl: "-60" }), pruned, options)),
    ).toEqual(["pnl-mismatch"]);
    // Tick 5 is served and liquidates: a close at 6 over a pruned 4 still names it.
    const late = order({ seq: 6, closePrice: "59000.00" });
    expect(kinds(await verifyContractClose(late, pruned, options))).toEqual(["earlier-trigger"]);
    const rewritten = pruned.map((t) => (t.seq === "5" ? { ...t, price: "60000.00" } : t));
    expect(kinds(await verifyContractClose(order({ seq: 5 }), rewritten, options))).toContain(
      "close-tick-mismatch",
    );
    // The opening tick is kept for ever: its absence is never explained by pruning.
    const noOpen = pruned.filter((t) => t.seq !== "2");
    expect(kinds(await verifyContractClose(order({ seq: 5 }), noOpen, options))).toContain(
      "tick-missing",
    );
  });
});

describe("collectContractTicks", () => {
  it("pages from the tick before the opening one through the closing tick", async () => {
    const { read, reads } = memorySource(RECORD);
    const ticks = await collectContractTicks(order({ seq: 5 }), read, 2);
    expect(ticks.map((t) => t.seq)).toEqual(["1", "2", "3", "4", "5"]);
    expect(reads.length).toBeGreaterThan(1);
    expect(await checkContractClose(order({ seq: 5 }), { ticks: read }, 2)).toMatchObject({
      ok: true,
    });
  });
});
