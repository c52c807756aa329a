// The verifier on random chains and random orders: an honest settlement always verifies, with
// the rule's entry and exit; changing any served tick whose link can be recomputed, or leaving
// one out of the middle, never does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatTickTime, type MarketTick } from "./market";
import type { OptionsOrder } from "./options";
import { verifyOptionsOrder } from "./options-verify";
import { chain, headOf, memorySource, settledOrder, T0 } from "./options-verify-fixtures";
import { collectOptionTicks } from "./options-verify-ticks";

interface Case {
  record: MarketTick[];
  order: OptionsOrder;
  served: MarketTick[];
}

/** 1–40 ticks, 0–1.5 s apart (equal times included), and an order somewhere around them. */
const verifyCase: fc.Arbitrary<Promise<Case>> = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 0, max: 1500 }),
      price: fc.constantFrom("100", "100.5", "99.5", "101"),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((points) => {
    let at = 0;
    return chain(points.map((p) => [(at += p.gap), p.price] as const));
  })
  .chain((record) => {
    const lastOffset = Date.parse(record[record.length - 1]?.ts ?? "") - T0;
    return fc.record({
      record: fc.constant(record),
      direction: fc.constantFrom("up" as const, "down" as const),
      timeOffset: fc.integer({ min: -1500, max: lastOffset + 1500 }),
      seconds: fc.integer({ min: 1, max: 10 }),
    });
  })
  .map(async ({ record, ...terms }) => {
    const order = settledOrder(record, terms);
    return { record, order, served: await collectOptionTicks(order, memorySource(record).read, 7) };
  });

const headOfRecord = (record: readonly MarketTick[]) => {
  const last = record[record.length - 1];
  if (last === undefined) throw new Error("empty record");
  return headOf(last);
};

/** Indexes of served ticks whose own link the verifier recomputes. */
const linked = (served: readonly MarketTick[]) =>
  served.flatMap((t, i) => (i > 0 || t.seq === "1" ? [i] : []));

describe("verifyOptionsOrder on random chains", () => {
  it("verifies every honest settlement, naming the rule's entry and exit", async () => {
    await fc.assert(
      fc.asyncProperty(verifyCase, async (made) => {
        const { record, order, served } = await made;
        const report = await verifyOptionsOrder({
          order,
          ticks: served,
          head: headOfRecord(record),
        });
        expect(report).toMatchObject({
          ok: true,
          entrySeq: order.entryTick?.seq ?? null,
          exitSeq: order.exitTick?.seq ?? null,
        });
      }),
    );
  });

  it("fails when any linked served tick's price or time was changed", async () => {
    await fc.assert(
      fc.asyncProperty(verifyCase, fc.nat(), fc.boolean(), async (made, pick, priceOrTime) => {
        const { record, order, served } = await made;
        const candidates = linked(served);
        fc.pre(candidates.length > 0);
        const at = candidates[pick % candidates.length];
        const ticks = served.map((t, i) =>
          i !== at
            ? t
            : priceOrTime
              ? { ...t, price: t.price === "7" ? "8" : "7" }
              : { ...t, ts: formatTickTime(Date.parse(t.ts) + 1) },
        );
        const report = await verifyOptionsOrder({ order, ticks, head: headOfRecord(record) });
        expect(report.ok).toBe(false);
      }),
    );
  });

  it("fails when a tick in the middle of the served range is left out", async () => {
    await fc.assert(
      fc.asyncProperty(verifyCase, fc.nat(), async (made, pick) => {
        const { record, order, served } = await made;
        fc.pre(served.length >= 3);
        const gone = 1 + (pick % (served.length - 2));
        const ticks = served.filter((_, i) => i !== gone);
        const report = await verifyOptionsOrder({ order, ticks, head: headOfRecord(record) });
        expect(report.ok).toBe(false);
      }),
    );
  });
});
