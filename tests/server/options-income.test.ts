// GET /assets/overview income counts settled options: profit − fee per order at its settlement
// (win: stake × payoutRate − fee; lose: −stake − fee; void: 0, the fee came back), never the
// 312 bill (stake + profit) on top. Two users take opposite sides of one window on a recorded,
// hand-stepped timeline, so one wins and one loses; a third order sees no tick and is void.
import { describe, expect, it } from "vitest";
import type { AssetsOverview } from "../../protocol/ledger";
import { API_BASE } from "../../protocol/paths";
import { parseAmount } from "../../server/domain/ledger/amounts";
import { placeOptionsOrder } from "../../server/domain/options/place-order";
import { optionBills, useOptionsApp } from "./helpers/options";
import { settleByRule } from "./helpers/options-settle";
import { bearer, createUserSession } from "./helpers/sessions";
import { balancesOf, fund } from "./helpers/spot";

const env = useOptionsApp("options-income");
const USDT = (s: string) => parseAmount(s, 6, "usdt");

describe("GET /assets/overview income with options", () => {
  it("counts each settled option's profit less its fee, a void one as 0", async () => {
    const { db, app, market, user } = env();
    const other = await createUserSession(db);
    await fund(db, user.userId, "USDT", USDT("100"));
    await fund(db, other.userId, "USDT", USDT("100"));
    const emit = async (...times: number[]) => {
      for (const t of times) market.source.emit(t);
      await market.feed.flush();
    };
    const buy = (userId: string, direction: string, amount: string, at: number) =>
      placeOptionsOrder(db, {
        userId,
        body: { symbol: "BTC/USDT", direction, seconds: 30, amount },
        idempotencyKey: `${userId}-${at}`,
        feed: market.feed,
        now: () => at,
      });
    const income = async (session: { token: string }) => {
      const response = await app.inject({
        url: `${API_BASE}/assets/overview?tz=UTC`,
        headers: bearer(session),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: AssetsOverview }>().Data.income;
    };

    // A timeline ten minutes back, one tick a second.
    const t0 = Date.now() - 600_000;
    await emit(t0);
    const up = await buy(user.userId, "up", "10", t0 + 100);
    const down = await buy(other.userId, "down", "10", t0 + 100);
    expect((await income(user)).total).toBe("0"); // an open option is not income yet
    await emit(...Array.from({ length: 31 }, (_, i) => t0 + 1_000 * (i + 1)));
    const settled = [await settleByRule(db, up.id), await settleByRule(db, down.id)];
    const winner = settled[0]?.result === "win" ? user : other;
    const loser = winner === user ? other : user;
    // The seeded market moved in this window: one side won, the other lost.
    expect(settled.map((o) => o.result).sort()).toEqual(["lose", "win"]);

    // The winner's next option sees no tick before it expires: void.
    const winnerId = winner === user ? user.userId : other.userId;
    const voided = await buy(winnerId, "up", "20", t0 + 31_500);
    await emit(t0 + 62_000);
    expect(await settleByRule(db, voided.id)).toMatchObject({ result: "void", reason: "no-ticks" });

    // Win: 10 × 0.85 − 0.1 fee. Lose: −10 − 0.1. Void: 0.
    expect(await income(winner)).toEqual({
      today: "8.4",
      yesterday: "0",
      total: "8.4",
      timeZone: "UTC",
    });
    expect((await income(loser)).total).toBe("-10.1");
    // The money agrees: 312 paid 18.5 back; the void gave 20 and 0.2 back (313 twice).
    expect((await balancesOf(db, winnerId))("USDT").available).toBe(USDT("108.4"));
    expect((await optionBills(db, winnerId)).map(([type, amount]) => [type, amount])).toEqual([
      [311, -USDT("10")],
      [314, -USDT("0.1")],
      [312, USDT("18.5")],
      [311, -USDT("20")],
      [314, -USDT("0.2")],
      [313, USDT("20")],
      [313, USDT("0.2")],
    ]);
  });
});
