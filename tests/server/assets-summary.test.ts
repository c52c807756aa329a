// GET /assets/summary and /assets/overview income against sums computed here, straight from the
// user's bills, in two time zones whose midnights the bills straddle: quant plan results (102
// and 202) posted just before and just after Tokyo's and São Paulo's last midnight and days and
// weeks back, a spot round trip and a closed contract position now. Both zones have a fixed
// offset, so this file finds their days by plain arithmetic, not by the server's code. The
// equity curve is checked the same way: each day's USDT bills up to its end, plus the BTC held
// at the close of that day's last recorded candle. On PGlite, and on PostgreSQL when
// DATABASE_URL is set.
import { expect, it, vi } from "vitest";
import type { Static } from "@sinclair/typebox";
import type { AssetsOverview } from "../../protocol/ledger";
import type { AssetsSummaryAnswer } from "../../protocol/endpoints/assets";
import { formatUnits, multiply, parseUnits } from "../../protocol/decimal";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import { postSettlement, postSubscribe } from "../../server/domain/quant/plans/plan-postings";
import { closeContract, contractSuites, openContract } from "./helpers/contract";
import { bearer, type TestSession } from "./helpers/sessions";
import { fund, placeOrder, stepMarket } from "./helpers/spot";

type Summary = Static<typeof AssetsSummaryAnswer>;
const DAY = 86_400_000;
const MINUTE = 60_000;
const USDT = (s: string) => parseUnits(s, 6);
const ZONES = { "Asia/Tokyo": 9 * 60, "America/Sao_Paulo": -3 * 60 } as const;
type Zone = keyof typeof ZONES;

/** "YYYY-MM-DD" of `at` in a zone `offsetMinutes` ahead of UTC, and that day's first instant. */
const dayOf = (offsetMinutes: number, at: number) =>
  new Date(at + offsetMinutes * MINUTE).toISOString().slice(0, 10);
const midnightBefore = (offsetMinutes: number, at: number) => {
  const shifted = at + offsetMinutes * MINUTE;
  return shifted - (shifted % DAY) - offsetMinutes * MINUTE;
};

/**
 * Runs `run` with the clock at `time` (fake Date only): the ledger dates a posting by Date.now(),
 * and the summary counts its days from Date.now(). Asking it at the test's `now` keeps a
 * midnight passing while the test runs from moving "today" between the test and the server.
 */
async function at<T>(time: number, run: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(time);
  try {
    return await run();
  } finally {
    vi.useRealTimers();
  }
}

/** A 100 USDT plan that starts and ends at `time`, earning `result` (102) or losing it (202). */
async function planResult(db: Db, user: TestSession, id: string, time: number, result: bigint) {
  await at(time, () =>
    db.transaction(async (tx) => {
      const s = { id, userId: user.userId, amount: USDT("100") };
      const { reservationId } = await postSubscribe(tx, s);
      const profit = result > 0n ? result : 0n;
      await postSettlement(tx, { ...s, reservationId, profit, loss: profit - result });
    }),
  );
}

interface BillRow {
  type: number;
  asset: string;
  amount: string;
  ref_kind: string;
  created_at: Date;
}

contractSuites("GET /assets/summary", "assets-summary", (env) => {
  it("equals the bills' sums per product and day, across midnight in two zones", async () => {
    const { db, app, market, user } = env();
    // The trades post at the database's time: they come first, and the summary is read as of a
    // time after them, so no midnight falls between a bill and the summary's "now".
    // Spot: a round trip; contract: a position opened and closed; BTC held at its close.
    await at(Date.now() - 42 * DAY, () => fund(db, user.userId, "USDT", USDT("10000")));
    await stepMarket(market, 3);
    await placeOrder(app, user, { symbol: "BTC/USDT", side: 0, type: 0, number: "0.1" });
    await stepMarket(market, 2);
    await placeOrder(app, user, { symbol: "BTC/USDT", side: 1, type: 0, number: "0.1" });
    const position = await openContract(app, user, {
      symbol: "ETH/USDT",
      leverage: 5,
      quantity: "0.5",
      direction: "long",
      type: 0,
    });
    await stepMarket(market, 3);
    expect((await closeContract(app, user, position.id)).statusCode).toBe(200);
    await fund(db, user.userId, "BTC", parseUnits("0.25", 8));
    await stepMarket(market, 1);
    const now = Date.now();
    const tokyo = midnightBefore(ZONES["Asia/Tokyo"], now);
    const saoPaulo = midnightBefore(ZONES["America/Sao_Paulo"], now);
    // A minute after a midnight, or halfway to now while it is younger than two: after the
    // midnight, never after now (a CI run at 03:00 UTC, São Paulo's midnight, had none there).
    const after = (midnight: number) =>
      midnight + Math.min(MINUTE, Math.floor((now - midnight) / 2));
    const results: [number, string][] = [
      [tokyo - MINUTE, "5"],
      [after(tokyo), "-2"],
      [saoPaulo - MINUTE, "3.25"],
      [after(saoPaulo), "-1.5"],
      [now - 3 * DAY, "7"],
      [now - 10 * DAY, "-4"],
      [now - 40 * DAY, "11"],
    ];
    let n = 0;
    for (const [time, amount] of results) {
      n += 1;
      const units = amount.startsWith("-") ? -USDT(amount.slice(1)) : USDT(amount);
      await planResult(db, user, `plan-${n}`, time, units);
    }

    const bills = await db.query<BillRow>(
      `SELECT type, asset, amount::text AS amount, ref_kind, created_at FROM bills
        WHERE user_id = $1 ORDER BY id`,
      [user.userId],
    );
    const productOf = (bill: BillRow) =>
      bill.asset !== "USDT"
        ? null
        : bill.type === 102 || bill.type === 202
          ? "plans"
          : bill.ref_kind === "spot-order"
            ? "spot"
            : bill.ref_kind === "contract-order"
              ? "contract"
              : null;

    for (const zone of Object.keys(ZONES) as Zone[]) {
      const offset = ZONES[zone];
      const today = dayOf(offset, now);
      const daysBack = (k: number) => dayOf(offset, midnightBefore(offset, now) - k * DAY + 1);
      const expected = { spot: {}, contract: {}, options: {}, plans: {} } as Record<
        string,
        Record<string, bigint>
      >;
      for (const product of Object.keys(expected)) {
        expected[product] = { today: 0n, yesterday: 0n, d7: 0n, d30: 0n, total: 0n };
      }
      for (const bill of bills) {
        const product = productOf(bill);
        const sums = product === null ? undefined : expected[product];
        if (sums === undefined) continue;
        const day = dayOf(offset, bill.created_at.getTime());
        const amount = BigInt(bill.amount);
        sums.total = (sums.total ?? 0n) + amount;
        if (day === today) sums.today = (sums.today ?? 0n) + amount;
        if (day === daysBack(1)) sums.yesterday = (sums.yesterday ?? 0n) + amount;
        if (day >= daysBack(6)) sums.d7 = (sums.d7 ?? 0n) + amount;
        if (day >= daysBack(29)) sums.d30 = (sums.d30 ?? 0n) + amount;
      }

      const response = await at(now, () =>
        app.inject({
          url: `${API_BASE}/assets/summary?days=30&tz=${encodeURIComponent(zone)}`,
          headers: bearer(user),
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const summary = response.json<{ Data: Summary }>().Data;
      expect(summary.timeZone).toBe(zone);
      const served = Object.fromEntries(
        Object.entries(summary.income).map(([product, periods]) => [
          product,
          Object.fromEntries(Object.entries(periods).map(([k, v]) => [k, parseUnits(v, 6)])),
        ]),
      );
      expect(served, zone).toEqual(expected);
      // The midnights split the plans' results: both zones see some today and some yesterday.
      expect(expected.plans?.today, zone).not.toBe(0n);
      expect(expected.plans?.yesterday, zone).not.toBe(0n);

      // The overview's income is every product together, plans included.
      const overview = await at(now, () =>
        app.inject({
          url: `${API_BASE}/assets/overview?tz=${encodeURIComponent(zone)}`,
          headers: bearer(user),
        }),
      );
      const income = overview.json<{ Data: AssetsOverview }>().Data.income;
      const all = (period: string) =>
        Object.values(expected).reduce((sum, sums) => sum + (sums[period] ?? 0n), 0n);
      expect(income).toEqual({
        today: formatUnits(all("today"), 6),
        yesterday: formatUnits(all("yesterday"), 6),
        total: formatUnits(all("total"), 6),
        timeZone: zone,
      });

      // Equity: 30 days oldest first, each the bills up to its end and BTC at its last close.
      const days = Array.from({ length: 30 }, (_, i) => daysBack(29 - i));
      const points: [string, string][] = [];
      for (const day of days) {
        const end = Date.parse(`${day}T00:00:00Z`) + DAY - offset * MINUTE;
        const upTo = (asset: string) =>
          bills
            .filter((b) => b.asset === asset && b.created_at.getTime() < end)
            .reduce((sum, b) => sum + BigInt(b.amount), 0n);
        let value = upTo("USDT");
        const btc = upTo("BTC");
        if (btc !== 0n) {
          const [close] = await db.query<{ c: string }>(
            `SELECT c::text AS c FROM candles_1m WHERE symbol = 'BTC/USDT' AND open_time < $1
              ORDER BY open_time DESC LIMIT 1`,
            [new Date(end).toISOString()],
          );
          if (close === undefined) throw new Error("no BTC candle recorded");
          value += parseUnits(multiply(formatUnits(btc, 8), close.c, 6, "floor"), 6);
        }
        points.push([day, formatUnits(value, 6)]);
      }
      expect(summary.equity, zone).toEqual(points);
      // The BTC counts today: the curve's last point is more than the USDT alone.
      expect(parseUnits(points.at(-1)?.[1] ?? "0", 6)).toBeGreaterThan(USDT("10000"));
    }
  });

  it("refuses days outside 1–90 and a tz that is not a zone with 400, and defaults to 30 days in UTC", async () => {
    const { app, user } = env();
    for (const query of ["days=0", "days=91", "days=abc", "tz=Mars%2FOlympus", "tz="]) {
      const response = await app.inject({
        url: `${API_BASE}/assets/summary?${query}`,
        headers: bearer(user),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ Code: string }>().Code, query).toBe("VALIDATION");
    }
    const response = await app.inject({ url: `${API_BASE}/assets/summary`, headers: bearer(user) });
    expect(response.statusCode).toBe(200);
    const summary = response.json<{ Data: Summary }>().Data;
    expect(summary.timeZone).toBe("UTC");
    expect(summary.equity).toHaveLength(30);
    expect(summary.equity.every(([, value]) => value === "0")).toBe(true);
    expect(summary.income.plans).toEqual({
      today: "0",
      yesterday: "0",
      d7: "0",
      d30: "0",
      total: "0",
    });
    const anonymous = await app.inject({ url: `${API_BASE}/assets/summary` });
    expect(anonymous.statusCode).toBe(401);
  });
});
