// GET /assets/overview income on the real app (PGlite) against real spot fills: a round trip
// realises exactly (sell notional − fee) − (buy notional + fee); a buy alone and demo funds are
// not income; `tz` must be an IANA zone (400 otherwise, nothing else answered).
import { describe, expect, it } from "vitest";
import type { AssetsOverview } from "../../protocol/ledger";
import { API_BASE } from "../../protocol/paths";
import { formatUnits } from "../../protocol/decimal";
import { parseAmount } from "../../server/domain/ledger/amounts";
import { bearer } from "./helpers/sessions";
import { fund, placeOrder, stepMarket } from "./helpers/spot";
import { useSpotApp } from "./helpers/spot-app";

const env = useSpotApp("assets-income");
const USDT = (s: string) => parseAmount(s, 6, "usdt");

async function overview(tz?: string) {
  const { app, user } = env();
  const query = tz === undefined ? "" : `?tz=${encodeURIComponent(tz)}`;
  return app.inject({ url: `${API_BASE}/assets/overview${query}`, headers: bearer(user) });
}

async function income(tz?: string): Promise<AssetsOverview["income"]> {
  const response = await overview(tz);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: AssetsOverview }>().Data.income;
}

describe("GET /assets/overview income", () => {
  it("counts spot realised profit and loss with fees, not deposits or a buy alone", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("100000"));
    await stepMarket(market, 3);
    expect(await income("Europe/Berlin")).toEqual({
      today: "0",
      yesterday: "0",
      total: "0",
      timeZone: "Europe/Berlin",
    });

    const bought = await placeOrder(app, user, {
      symbol: "BTC/USDT",
      side: 0,
      type: 0,
      number: "0.5",
    });
    // A buy is a cost carried by the coins, not a loss.
    expect((await income()).total).toBe("0");

    await stepMarket(market, 2);
    const sold = await placeOrder(app, user, {
      symbol: "BTC/USDT",
      side: 1,
      type: 0,
      number: "0.5",
    });
    const [buyFill] = bought.fills;
    const [sellFill] = sold.fills;
    if (!buyFill || !sellFill) throw new Error("no fill");
    const notional = (fill: { price: string; number: string }, up: boolean) => {
      const exact = USDT(fill.price) * parseAmount(fill.number, 8, "coin");
      const scale = 10n ** 8n;
      return up ? (exact + scale - 1n) / scale : exact / scale;
    };
    const cost = notional(buyFill, true) + USDT(buyFill.fee);
    const proceeds = notional(sellFill, false) - USDT(sellFill.fee);
    const realised = formatUnits(proceeds - cost, 6);
    // Buying and selling at once at the spread and two fees is a loss.
    expect(proceeds - cost < 0n).toBe(true);
    expect(await income("Asia/Tokyo")).toEqual({
      today: realised,
      yesterday: "0",
      total: realised,
      timeZone: "Asia/Tokyo",
    });
  });

  it("refuses a tz that is not an IANA time zone with 400 VALIDATION", async () => {
    for (const tz of ["Mars/Olympus", "not a zone", ""]) {
      const response = await overview(tz);
      expect(response.statusCode, tz).toBe(400);
      expect(response.json<{ Code: string }>().Code).toBe("VALIDATION");
    }
    expect((await income()).timeZone).toBe("UTC");
  });
});
