// settleOption parses a run of ticks once and reuses it for the next order over the same run
// (a server batch). The cache must never change a result: a run whose ticks were replaced or
// edited in place is parsed again.
import { describe, expect, it } from "vitest";
import { settleOption, type OptionTerms, type OptionTick } from "./options";

const tick = (seq: number, price: string, ts: string): OptionTick => ({
  seq: String(seq),
  price,
  ts,
  hash: "0".repeat(64),
});

const terms: OptionTerms = {
  direction: "up",
  stake: 10_000_000n,
  fee: 100_000n,
  payoutRate: "0.85",
  time: "2026-06-01T12:00:00.000Z",
  expiresAt: "2026-06-01T12:00:05.000Z",
};

describe("settleOption over a reused run of ticks", () => {
  it("gives each order of a batch the result it gets alone", () => {
    const run = [
      tick(1, "100.00", "2026-06-01T12:00:01.000Z"),
      tick(2, "101.00", "2026-06-01T12:00:03.000Z"),
      tick(3, "99.00", "2026-06-01T12:00:06.000Z"),
    ];
    const later = {
      ...terms,
      time: "2026-06-01T12:00:02.000Z",
      expiresAt: "2026-06-01T12:00:07.000Z",
    };
    expect(settleOption(terms, run).result).toBe("win");
    expect(settleOption(later, run).result).toBe("lose");
    expect(settleOption(later, [...run])).toEqual(settleOption(later, run));
  });

  it("parses a run again when a tick's time or seq was edited in place", () => {
    const run = [
      tick(1, "100.00", "2026-06-01T12:00:01.000Z"),
      tick(2, "101.00", "2026-06-01T12:00:03.000Z"),
    ];
    expect(settleOption(terms, run).result).toBe("win");
    (run[1] as OptionTick).ts = "2026-06-01T12:00:09.000Z"; // now outside the window
    expect(settleOption(terms, run).result).toBe("tie");
    run.push(tick(3, "99.00", "2026-06-01T12:00:04.000Z"));
    expect(settleOption(terms, run).result).toBe("lose");
    (run[2] as OptionTick).seq = "0"; // now the first tick
    expect(settleOption(terms, run).entry?.price).toBe("99.00");
  });
});
