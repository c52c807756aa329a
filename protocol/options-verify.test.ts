// The verifier on a really chained tick record (hashes computed here with node:crypto, so the
// WebCrypto path is cross-checked), and each failure it names, by tampering with one thing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TICKS_LIMIT } from "./endpoints/market";
import { formatTickTime } from "./market";
import type { OptionsOrder } from "./options";
import { tickLinkHash, verifyOptionsOrder, type OptionVerifyInput } from "./options-verify";
import {
  bySeq,
  chain,
  headOf,
  memorySource,
  settledOrder,
  sha256,
  T0,
} from "./options-verify-fixtures";
import { collectOptionTicks, TICKS_PAGE } from "./options-verify-ticks";

// Ticks every 500 ms from T0 (seq 1 at T0); seq 6 (the entry) 100.25, seq 11 (the exit) 102.
const PRICES = [
  "100",
  "100.5",
  "100",
  "99.5",
  "100",
  "100.25",
  "100",
  "101",
  "102",
  "101.5",
  "102",
];
const RECORD = chain(
  Array.from({ length: 21 }, (_, i) => [i * 500, PRICES[i % PRICES.length] ?? "1"] as const),
);
const HEAD = headOf(bySeq(RECORD, "21"));
// time = seq 5's ts exactly (not the entry), expiresAt = seq 11's ts exactly (the exit).
const ORDER = settledOrder(RECORD, { direction: "up", timeOffset: 2000, seconds: 3 });

async function served(order: OptionsOrder = ORDER, pageSize = 1000) {
  return collectOptionTicks(order, memorySource(RECORD).read, pageSize);
}

async function verifyWith(change: (input: OptionVerifyInput) => OptionVerifyInput) {
  return verifyOptionsOrder(change({ order: ORDER, ticks: await served(), head: HEAD }));
}

describe("tickLinkHash", () => {
  it("is node:crypto's sha256 hex of prevHash|seq|price|ts", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.bigInt({ min: 1n }),
        fc.string(),
        fc.string(),
        async (p, s, x, t) => {
          expect(await tickLinkHash(p, String(s), x, t)).toBe(sha256(`${p}|${s}|${x}|${t}`));
        },
      ),
    );
  });
});

describe("collectOptionTicks", () => {
  it("asks for pages as large as GET /market/ticks answers", () => {
    expect(TICKS_PAGE).toBe(TICKS_LIMIT.maximum);
  });

  it("reads from the two ticks before the window through the tick after it", async () => {
    expect((await served()).map((t) => t.seq)).toEqual([
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
      "11",
      "12",
    ]);
  });

  it("pages through a window larger than one answer, without repeats", async () => {
    const source = memorySource(RECORD);
    const ticks = await collectOptionTicks(ORDER, source.read, 3);
    expect(ticks.map((t) => t.seq)).toEqual(["4", "5", "6", "7", "8", "9", "10", "11", "12"]);
    expect(source.reads.length).toBeGreaterThan(3);
  });

  it("starts at the chain's first tick when nothing precedes the window", async () => {
    const early = settledOrder(RECORD, { direction: "down", timeOffset: -200, seconds: 1 });
    expect((await served(early)).map((t) => t.seq)).toEqual(["1", "2", "3"]);
  });
});

describe("verifyOptionsOrder", () => {
  it("verifies an honest win with its entry and exit tick numbers", async () => {
    expect(ORDER).toMatchObject({
      result: "win",
      profit: "8.5",
      buyPrice: "100.25",
      sellPrice: "102",
    });
    expect(await verifyWith((i) => i)).toEqual({
      ok: true,
      entrySeq: "6",
      exitSeq: "11",
      checkedLinks: 8,
    });
  });

  it("verifies from the genesis link when the window opens the chain", async () => {
    const early = settledOrder(RECORD, { direction: "down", timeOffset: -200, seconds: 1 });
    const report = await verifyOptionsOrder({
      order: early,
      ticks: await served(early),
      head: HEAD,
    });
    expect(report).toEqual({ ok: true, entrySeq: "1", exitSeq: "2", checkedLinks: 3 });
  });

  it("verifies a void order: the tick before and the tick after the window are adjacent", async () => {
    const gappy = chain([
      [0, "100"],
      [1000, "101"],
      [10_000, "102"],
    ]);
    const order = settledOrder(gappy, { direction: "up", timeOffset: 1500, seconds: 3 });
    expect(order).toMatchObject({
      result: "void",
      profit: "0",
      entryTick: null,
      reason: "no-ticks",
    });
    const ticks = await collectOptionTicks(order, memorySource(gappy).read);
    const head = headOf(bySeq(gappy, "3"));
    expect(await verifyOptionsOrder({ order, ticks, head })).toEqual({
      ok: true,
      entrySeq: null,
      exitSeq: null,
      checkedLinks: 3,
    });
  });

  it("verifies when the exit is the head (the feed stopped after it)", async () => {
    const upTo11 = RECORD.slice(0, 11);
    const ticks = await collectOptionTicks(ORDER, memorySource(upTo11).read);
    const head = headOf(bySeq(upTo11, "11"));
    expect(await verifyOptionsOrder({ order: ORDER, ticks, head })).toMatchObject({ ok: true });
  });

  it("names an order that is not settled", async () => {
    const open = { ...ORDER, result: null, profit: null, settledAt: null };
    expect(await verifyWith((i) => ({ ...i, order: open }))).toEqual({
      ok: false,
      failures: [{ kind: "not-settled" }],
    });
  });

  it("names a stored amount it cannot read", async () => {
    const bad = { ...ORDER, number: "ten" };
    expect(await verifyWith((i) => ({ ...i, order: bad }))).toEqual({
      ok: false,
      failures: [{ kind: "malformed-order", field: "number" }],
    });
  });

  it("names an expiry that is not time + seconds", async () => {
    expect(await verifyWith((i) => ({ ...i, order: { ...ORDER, seconds: 4 } }))).toEqual({
      ok: false,
      failures: [{ kind: "expiry-mismatch", seconds: 4 }],
    });
  });

  it("names ticks of another symbol", async () => {
    const head = { ...HEAD, symbol: "ETH/USDT" };
    expect(await verifyWith((i) => ({ ...i, head }))).toEqual({
      ok: false,
      failures: [{ kind: "wrong-symbol", seq: "21", symbol: "ETH/USDT" }],
    });
  });

  it("names a seq served twice with different contents", async () => {
    const twin = { ...bySeq(RECORD, "8"), price: "1000" };
    expect(await verifyWith((i) => ({ ...i, ticks: [...i.ticks, twin] }))).toEqual({
      ok: false,
      failures: [{ kind: "seq-repeated", seq: "8" }],
    });
  });

  it("names a missing link", async () => {
    const report = await verifyWith((i) => ({ ...i, ticks: i.ticks.filter((t) => t.seq !== "8") }));
    expect(report).toEqual({
      ok: false,
      failures: [{ kind: "seq-gap", afterSeq: "7", nextSeq: "9" }],
    });
  });

  it("names a served tick whose price was rewritten after it was hashed", async () => {
    const original = bySeq(RECORD, "9");
    const report = await verifyWith((i) => ({
      ...i,
      ticks: i.ticks.map((t) => (t.seq === "9" ? { ...t, price: "99" } : t)),
    }));
    const computed = sha256(`${bySeq(RECORD, "8").hash}|9|99|${original.ts}`);
    expect(report).toEqual({
      ok: false,
      failures: [{ kind: "hash-mismatch", seq: "9", served: original.hash, computed }],
    });
  });

  it("catches a rewritten exit even when the whole chain after it was re-hashed", async () => {
    // The server rewrites seq 11's price and recomputes every later hash (and the head):
    // the links check out, but the order stored the original exit tick.
    let prevHash = bySeq(RECORD, "10").hash;
    const rewritten = RECORD.map((t) => {
      if (BigInt(t.seq) < 11n) return t;
      const price = t.seq === "11" ? "99" : t.price;
      const hash = sha256(`${prevHash}|${t.seq}|${price}|${t.ts}`);
      prevHash = hash;
      return { ...t, price, hash };
    });
    const ticks = await collectOptionTicks(ORDER, memorySource(rewritten).read);
    const head = headOf(bySeq(rewritten, "21"));
    const report = await verifyOptionsOrder({ order: ORDER, ticks, head });
    expect(report).toEqual({
      ok: false,
      failures: [
        { kind: "tick-mismatch", tick: "exit", field: "price", stored: "102", served: "99" },
        { kind: "result-mismatch", stored: "win", computed: "lose" },
        { kind: "profit-mismatch", stored: "8.5", computed: "-10" },
      ],
    });
  });

  it("names served ticks that do not reach back to time", async () => {
    const report = await verifyWith((i) => ({
      ...i,
      ticks: i.ticks.filter((t) => t.seq !== "4" && t.seq !== "5"),
    }));
    expect(report).toEqual({ ok: false, failures: [{ kind: "start-not-covered", firstSeq: "6" }] });
  });

  it("catches a tick moved back to before time to hide the real entry", async () => {
    // The server claims tick 7 is the entry and serves tick 6 with a time before `time`: tick
    // 6's own link is recomputed (tick 5 is served too), so its changed time breaks it.
    const six = bySeq(RECORD, "6");
    const seven = bySeq(RECORD, "7");
    const movedTs = formatTickTime(T0 + 2000); // = time, not after it
    const order = {
      ...ORDER,
      entryTick: { seq: seven.seq, price: seven.price, ts: seven.ts, hash: seven.hash },
      buyPrice: seven.price,
    };
    const report = await verifyWith((i) => ({
      ...i,
      order,
      ticks: i.ticks.map((t) => (t.seq === "6" ? { ...t, ts: movedTs } : t)),
    }));
    expect(report).toEqual({
      ok: false,
      failures: [
        {
          kind: "hash-mismatch",
          seq: "6",
          served: six.hash,
          computed: sha256(`${bySeq(RECORD, "5").hash}|6|${six.price}|${movedTs}`),
        },
      ],
    });
  });

  it("does not take an unlinked first tick's time as proof that the chain reached time", async () => {
    // As above, but tick 5 is not served: tick 6's link cannot be recomputed, so its claimed
    // time proves nothing, and tick 7 (after time) is the first proven one.
    const movedTs = formatTickTime(T0 + 2000);
    const seven = bySeq(RECORD, "7");
    const order = {
      ...ORDER,
      entryTick: { seq: seven.seq, price: seven.price, ts: seven.ts, hash: seven.hash },
      buyPrice: seven.price,
    };
    const report = await verifyWith((i) => ({
      ...i,
      order,
      ticks: i.ticks
        .filter((t) => BigInt(t.seq) >= 6n)
        .map((t) => (t.seq === "6" ? { ...t, ts: movedTs } : t)),
    }));
    expect(report).toEqual({ ok: false, failures: [{ kind: "start-not-covered", firstSeq: "6" }] });
  });

  it("names a served time that goes back", async () => {
    // A consistent rewrite from tick 8 on, with tick 8 dated before tick 7.
    let prevHash = bySeq(RECORD, "7").hash;
    const rewritten = RECORD.map((t) => {
      if (BigInt(t.seq) < 8n) return t;
      const ts = t.seq === "8" ? formatTickTime(T0 + 2600) : t.ts;
      const hash = sha256(`${prevHash}|${t.seq}|${t.price}|${ts}`);
      prevHash = hash;
      return { ...t, ts, hash };
    });
    const ticks = await collectOptionTicks(ORDER, memorySource(rewritten).read);
    const head = headOf(bySeq(rewritten, "21"));
    const order = {
      ...ORDER,
      exitTick: ((t) => ({ seq: t.seq, price: t.price, ts: t.ts, hash: t.hash }))(
        bySeq(rewritten, "11"),
      ),
    };
    expect(await verifyOptionsOrder({ order, ticks, head })).toEqual({
      ok: false,
      failures: [{ kind: "ts-backwards", seq: "8" }],
    });
  });

  it("names served ticks that stop at expiresAt while the chain goes on", async () => {
    const report = await verifyWith((i) => ({
      ...i,
      ticks: i.ticks.filter((t) => t.seq !== "12"),
    }));
    expect(report).toEqual({
      ok: false,
      failures: [{ kind: "end-not-covered", lastSeq: "11", headSeq: "21" }],
    });
  });

  it("names a head behind the served ticks", async () => {
    const head = headOf(bySeq(RECORD, "10"));
    expect(await verifyWith((i) => ({ ...i, head }))).toEqual({
      ok: false,
      failures: [{ kind: "head-behind", headSeq: "10", seq: "12" }],
    });
  });

  it("names a head that disagrees with the served tick of its seq", async () => {
    const head = { ...headOf(bySeq(RECORD, "12")), hash: "f".repeat(64) };
    expect(await verifyWith((i) => ({ ...i, head }))).toEqual({
      ok: false,
      failures: [{ kind: "head-mismatch", seq: "12", field: "hash" }],
    });
  });

  it("names a stored entry that is the tick at time, not the first after it", async () => {
    const atTime = bySeq(RECORD, "5");
    const order = {
      ...ORDER,
      entryTick: { seq: atTime.seq, price: atTime.price, ts: atTime.ts, hash: atTime.hash },
      buyPrice: atTime.price,
    };
    expect(await verifyWith((i) => ({ ...i, order }))).toEqual({
      ok: false,
      failures: [{ kind: "tick-mismatch", tick: "entry", field: "seq", stored: "5", served: "6" }],
    });
  });

  it("names a buy price that is not the entry tick's", async () => {
    const order = { ...ORDER, buyPrice: "100.3" };
    expect(await verifyWith((i) => ({ ...i, order }))).toEqual({
      ok: false,
      failures: [{ kind: "price-mismatch", price: "buy", stored: "100.3", tick: "100.25" }],
    });
  });

  it("names a stored result and profit the rule does not give", async () => {
    const order = { ...ORDER, result: "lose" as const, profit: "-10" };
    expect(await verifyWith((i) => ({ ...i, order }))).toEqual({
      ok: false,
      failures: [
        { kind: "result-mismatch", stored: "lose", computed: "win" },
        { kind: "profit-mismatch", stored: "-10", computed: "8.5" },
      ],
    });
  });

  it("names a profit above stake × payoutRate", async () => {
    const order = { ...ORDER, profit: "9.5" };
    expect(await verifyWith((i) => ({ ...i, order }))).toEqual({
      ok: false,
      failures: [{ kind: "profit-mismatch", stored: "9.5", computed: "8.5" }],
    });
  });
});
