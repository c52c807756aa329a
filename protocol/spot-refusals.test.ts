import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSpotRefusal, spotRefusalText, type SpotRefusal } from "./spot-refusals";

const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
  .map(([units, scale]) => {
    const digits = units.toString().padStart(scale + 1, "0");
    return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  });
const coin = fc.stringMatching(/^[A-Z][A-Z0-9]{1,5}$/);
const bookSide = fc.constantFrom("ask" as const, "bid" as const);

const refusal: fc.Arbitrary<SpotRefusal> = fc.oneof(
  fc.record({
    kind: fc.constant("book-empty" as const),
    symbol: coin.map((c) => `${c}/USDT`),
    side: bookSide,
  }),
  fc.record({
    kind: fc.constant("book-too-thin" as const),
    base: coin,
    side: bookSide,
    held: decimal,
    needed: decimal,
  }),
  fc.record({
    kind: fc.constant("beyond-slippage" as const),
    side: bookSide,
    average: decimal,
    worsePercent: decimal,
    best: decimal,
    capPercent: decimal,
  }),
);

describe("spot refusals", () => {
  it("reads back every sentence it writes", () => {
    fc.assert(
      fc.property(refusal, (r) => {
        expect(parseSpotRefusal(spotRefusalText(r))).toEqual(r);
      }),
    );
  });

  it("writes the sentences the API documents, word for word", () => {
    expect(
      spotRefusalText({
        kind: "beyond-slippage",
        side: "bid",
        average: "60000.00",
        worsePercent: "10.77",
        best: "67250.00",
        capPercent: "5.00",
      }),
    ).toBe(
      "The average price 60000.00 would be 10.77 % below the best bid 67250.00; market orders fill within 5.00 % of the best price",
    );
  });

  it.each([
    "",
    "Insufficient available balance",
    "The order book of BTC/USDT has no asks.",
    "The order book holds only -1 BTC on the ask side; this order needs 2",
    "A limit hold at 1 would fill at once: the best ask is 2. Place a market order, or a lower limit price",
    "A limit buy at 1 would fill at once: the best bid is 2. Place a market order, or a lower limit price",
  ])("reads %j as no refusal it knows", (text) => {
    expect(parseSpotRefusal(text)).toBeNull();
  });
});
