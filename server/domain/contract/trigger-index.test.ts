// The trigger index finds exactly what checking every position would (fast-check): for any open
// positions (long and short, any leverage, with or without take-profit and stop-loss), any
// additions, target changes and removals, and any tick, `reached` answers the positions opened
// before the tick for which protocol/contract.ts triggerAt fires, with its trigger, by id — on
// the rule that take-profit and stop-loss count only after the tick they were set at
// (targetsTickSeq) and liquidation after the opening tick, written out here without
// triggerAtTick so that the rule itself is checked too.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { triggerAt, type PositionTerms } from "../../../protocol/contract";
import { compareIds, TriggerIndex, type WatchedPosition } from "./trigger-index";

const SYMBOL = "BTC/USDT";
const price = fc.bigInt({ min: 1n, max: 2_000n });
const position = fc.record({
  direction: fc.constantFrom("long" as const, "short" as const),
  liquidationPrice: fc.oneof(fc.constant(0n), price),
  takeProfit: fc.option(price, { nil: null }),
  stopLoss: fc.option(price, { nil: null }),
  openTickSeq: fc.bigInt({ min: 0n, max: 20n }),
  // Added to openTickSeq: targets set at or after the opening (null: at placing).
  targetsAfter: fc.option(fc.bigInt({ min: 0n, max: 10n }), { nil: null }),
});

type Arb = typeof position extends fc.Arbitrary<infer T> ? T : never;

function watched(p: Arb, id: number): WatchedPosition {
  const terms: PositionTerms = {
    direction: p.direction,
    leverage: 10,
    entry: 1_000n,
    quantity: 1n,
    margin: 1n,
    liquidationPrice: p.liquidationPrice,
    takeProfit: p.takeProfit,
    stopLoss: p.stopLoss,
  };
  const targetsTickSeq = p.targetsAfter === null ? null : p.openTickSeq + p.targetsAfter;
  return { id: String(id), symbol: SYMBOL, terms, openTickSeq: p.openTickSeq, targetsTickSeq };
}

/** The rule: liquidation after the opening tick; targets after the tick they were set at. */
function ruleTerms(p: WatchedPosition, seq: bigint): PositionTerms {
  const targetsFrom = p.targetsTickSeq ?? p.openTickSeq;
  return seq > targetsFrom ? p.terms : { ...p.terms, takeProfit: null, stopLoss: null };
}

function bruteForce(all: Iterable<WatchedPosition>, at: bigint, seq: bigint) {
  return [...all]
    .filter((p) => p.openTickSeq < seq)
    .map((p) => ({ id: p.id, trigger: triggerAt(ruleTerms(p, seq), at) }))
    .filter((r) => r.trigger !== null)
    .sort((a, b) => compareIds(a.id, b.id));
}

describe("TriggerIndex", () => {
  it("reaches exactly the positions triggerAt fires for", () => {
    fc.assert(
      fc.property(
        fc.array(position, { maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(80), position), { maxLength: 20 }),
        fc.array(fc.nat(80), { maxLength: 20 }),
        fc.array(fc.tuple(price, fc.bigInt({ min: 1n, max: 35n })), {
          minLength: 1,
          maxLength: 10,
        }),
        (initial, changes, removals, ticks) => {
          const index = new TriggerIndex();
          const held = new Map<string, WatchedPosition>();
          initial.forEach((p, i) => {
            const w = watched(p, i + 1);
            index.put(w);
            held.set(w.id, w);
          });
          // Target changes (or new positions) replace what is held for an id; removals end them.
          for (const [id, p] of changes) {
            const w = watched(p, id + 1);
            index.put(w);
            held.set(w.id, w);
          }
          for (const id of removals) {
            index.remove(String(id + 1));
            held.delete(String(id + 1));
          }
          expect(index.size).toBe(held.size);
          for (const [at, seq] of ticks) {
            const found = index
              .reached(SYMBOL, at, seq)
              .map((r) => ({ id: r.position.id, trigger: r.trigger }));
            expect(found).toEqual(bruteForce(held.values(), at, seq));
          }
          expect(index.reached("ETH/USDT", 1n, 100n)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
