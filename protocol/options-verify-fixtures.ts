// Test fixtures for the options verifier (protocol/options-verify*.test.ts): a tick chain hashed
// with node:crypto (so the verifier's WebCrypto path is cross-checked), the server's range-read
// rules over it, and orders settled on it by the rule exactly as the server stores them.
import { createHash } from "node:crypto";
import { USDT_SCALE } from "./assets";
import { formatUnits, parseUnits } from "./decimal";
import { formatTickTime, GENESIS_HASH, type MarketTick, type TicksHead } from "./market";
import { settleOption, type OptionsOrder } from "./options";
import type { TicksQuery } from "./options-verify-ticks";

export const SYMBOL = "BTC/USDT";
export const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);
export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A chain from the genesis: one tick per (ms offset, price), hashed as the server does. */
export function chain(points: readonly (readonly [number, string])[]): MarketTick[] {
  let prevHash = GENESIS_HASH;
  return points.map(([offset, price], i) => {
    const seq = String(i + 1);
    const ts = formatTickTime(T0 + offset);
    const hash = sha256(`${prevHash}|${seq}|${price}|${ts}`);
    prevHash = hash;
    return { symbol: SYMBOL, seq, price, ts, hash };
  });
}

export const headOf = (t: MarketTick): TicksHead => ({
  symbol: t.symbol,
  seq: t.seq,
  hash: t.hash,
  ts: t.ts,
});

/** A record's range reads with the server's rules (tick-repository.ts readTicks). */
export function memorySource(record: readonly MarketTick[]) {
  const reads: TicksQuery[] = [];
  const read = async (q: TicksQuery) => {
    reads.push(q);
    const ms = (t: MarketTick) => Date.parse(t.ts);
    const inRange = record.filter(
      (t) =>
        (q.from === undefined || ms(t) >= Date.parse(q.from)) &&
        (q.to === undefined || ms(t) <= Date.parse(q.to)),
    );
    return q.from !== undefined ? inRange.slice(0, q.limit) : inRange.slice(-q.limit);
  };
  return { read, reads };
}

/** The order as the server stores it after settling on `record` by the rule. */
export function settledOrder(
  record: readonly MarketTick[],
  terms: { direction: "up" | "down"; timeOffset: number; seconds: number },
): OptionsOrder {
  const time = formatTickTime(T0 + terms.timeOffset);
  const expiresAt = formatTickTime(T0 + terms.timeOffset + terms.seconds * 1000);
  const s = settleOption(
    {
      direction: terms.direction,
      stake: parseUnits("10", USDT_SCALE),
      fee: parseUnits("0.1", USDT_SCALE),
      payoutRate: "0.85",
      time,
      expiresAt,
    },
    record,
  );
  const tick = (t: MarketTick | null) =>
    t === null ? null : { seq: t.seq, price: t.price, ts: t.ts, hash: t.hash };
  return {
    id: "41",
    symbol: SYMBOL,
    direction: terms.direction,
    seconds: terms.seconds,
    number: "10",
    fee: "0.1",
    payoutRate: "0.85",
    buyPrice: s.entry?.price ?? null,
    sellPrice: s.exit?.price ?? null,
    profit: formatUnits(s.profit, USDT_SCALE),
    result: s.result,
    entryTick: tick(s.entry as MarketTick | null),
    exitTick: tick(s.exit as MarketTick | null),
    time,
    expiresAt,
    settledAt: formatTickTime(T0 + terms.timeOffset + terms.seconds * 1000 + 600),
    reason: s.result === "void" ? "no-ticks" : null,
  };
}

export const bySeq = (ticks: readonly MarketTick[], seq: string) => {
  const found = ticks.find((t) => t.seq === seq);
  if (found === undefined) throw new Error(`no tick ${seq}`);
  return found;
};
