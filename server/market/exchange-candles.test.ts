// Exchange candles as flush partials: folding every confirmed partial by mergeCandles' rule onto
// what was stored gives the exchange's latest candle exactly, through failed flushes, updates
// that arrive mid-flush, and a restart in the middle of a minute.
import { describe, expect, it } from "vitest";
import type { CandleRow } from "../db/repositories/candle-repository";
import { formatFixed, parseUnits } from "../../protocol/decimal";
import { ExchangeCandles, type ReadStoredVolume } from "./exchange-candles";
import type { SourceCandle } from "./sources/market-source";
import { SYMBOLS } from "./symbols";

const specs = new Map(SYMBOLS.map((s) => [s.symbol, s]));
const T = 1653818760000;
// The recorded BTC kline (tests/fixtures/binance/kline_1m.jsonl) as parsed, then later updates
// of the same minute (derived).
const update = (v: string, c = "29038.47", h = "29038.47"): SourceCandle => ({
  symbol: "BTC/USDT",
  openTime: T,
  o: "29038.46",
  h,
  l: "29038.46",
  c,
  v,
  closed: false,
});

/** mergeCandles' rule in memory: open stays, high/low widen, close moves, volumes add. */
function fold(stored: CandleRow | undefined, partial: CandleRow): CandleRow {
  if (!stored) return partial;
  const max = (a: string, b: string) => (Number(a) >= Number(b) ? a : b);
  const min = (a: string, b: string) => (Number(a) <= Number(b) ? a : b);
  const v = formatFixed(parseUnits(stored.v, 5) + parseUnits(partial.v, 5), 5);
  return { ...stored, h: max(stored.h, partial.h), l: min(stored.l, partial.l), c: partial.c, v };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(stored: string | null = null, read?: ReadStoredVolume) {
  const errors: unknown[] = [];
  // Every minute here predates the process: its stored volume is read.
  const candles = new ExchangeCandles(
    specs,
    read ?? (async () => stored),
    Number.POSITIVE_INFINITY,
    (err) => errors.push(err),
  );
  return { candles, errors };
}

describe("ExchangeCandles", () => {
  it("records a minute once, then only the volume it gained", async () => {
    const { candles } = setup();
    candles.accept([update("0.20926")]);
    expect(candles.partials()).toEqual([]); // stored volume not known yet
    await settle();
    let db: CandleRow | undefined;
    const flush = () => {
      const rows = candles.partials();
      for (const row of rows) db = fold(db, row);
      candles.confirm(rows);
      return rows;
    };
    expect(flush()).toEqual([stripClosed(update("0.20926"))]);
    expect(flush()).toEqual([]); // nothing changed
    candles.accept([update("0.51234", "29040.00", "29041.10")]);
    expect(flush().map((r) => r.v)).toEqual(["0.30308"]);
    expect(db).toEqual(stripClosed(update("0.51234", "29040.00", "29041.10")));
  });

  it("carries a failed flush's volume in the next one", async () => {
    const { candles } = setup();
    candles.accept([update("0.20926")]);
    await settle();
    candles.confirm(candles.partials());
    candles.accept([update("0.30000")]);
    expect(candles.partials().map((r) => r.v)).toEqual(["0.09074"]); // this flush fails: no confirm
    candles.accept([update("0.40000")]);
    const rows = candles.partials();
    expect(rows.map((r) => r.v)).toEqual(["0.19074"]);
    candles.confirm(rows);
    expect(candles.partials()).toEqual([]);
  });

  it("keeps an update that arrived during a flush for the next one", async () => {
    const { candles } = setup();
    candles.accept([update("0.20926")]);
    await settle();
    const inFlight = candles.partials();
    candles.accept([update("0.25000")]);
    candles.confirm(inFlight);
    expect(candles.partials().map((r) => r.v)).toEqual(["0.04074"]);
  });

  it("after a restart counts from the volume already stored, never twice", async () => {
    const { candles } = setup("0.10000");
    candles.accept([update("0.20926")]);
    await settle();
    expect(candles.partials().map((r) => r.v)).toEqual(["0.10926"]);
  });

  it("retries the stored volume after a failed read, and ignores unlisted symbols", async () => {
    let fail = true;
    const { candles, errors } = setup(null, async () => {
      if (fail) throw new Error("db down");
      return null;
    });
    candles.accept([update("0.20926"), { ...update("1"), symbol: "FTM/USDT" }]);
    await settle();
    expect(errors).toHaveLength(1);
    expect(candles.partials()).toEqual([]);
    fail = false;
    candles.accept([update("0.30000")]);
    await settle();
    expect(candles.partials().map((r) => [r.symbol, r.v])).toEqual([["BTC/USDT", "0.30000"]]);
  });

  it("reads nothing for minutes after its start, and drops updates of forgotten minutes", async () => {
    const reads: number[] = [];
    const candles = new ExchangeCandles(
      specs,
      async (_symbol, openTime) => {
        reads.push(openTime);
        return null;
      },
      T + 60_000,
    );
    const next = { ...update("1.00000"), openTime: T + 60_000 };
    candles.accept([next]);
    expect(candles.partials().map((r) => r.v)).toEqual(["1.00000"]); // no read to wait for
    expect(reads).toEqual([]);
    candles.confirm(candles.partials());
    candles.accept([{ ...update("5.00000"), openTime: T + 4 * 60_000 }]);
    candles.accept([{ ...next, v: "9.00000" }]); // 3 minutes behind the newest: forgotten
    expect(candles.partials().map((r) => [r.openTime - T, r.v])).toEqual([[240_000, "5.00000"]]);
  });
});

function stripClosed(candle: SourceCandle): CandleRow {
  const { symbol, openTime, o, h, l, c, v } = candle;
  return { symbol, openTime, o, h, l, c, v };
}
