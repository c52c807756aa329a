// A cancel racing a fill, on PostgreSQL only: PGlite runs one transaction at
// a time, so only real PostgreSQL can interleave them. Round after round, resting limit orders
// whose price the live book has just crossed are cancelled through the API (one pool) while the
// matcher's fill runs on them (another pool). Each order ends exactly once — cancelled (the
// fill skips it) or filled (the cancel answers 409) — with its reservation ended the same way,
// nothing left frozen, balances that add up, and ledger:check clean after every round.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SpotOrder } from "../../protocol/spot";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { takeSnapshot } from "../../server/domain/spot/market-snapshot";
import { fillLimitOrder } from "../../server/domain/spot/settle-order";
import { startSpotMatcher } from "../../server/domain/spot/spot-matcher";
import { spotRules } from "../../server/domain/spot/spot-config";
import { type SpotRules } from "../../protocol/spot-rules";
import type { RunningMarket } from "../../server/market/start-market";
import { createUserSession } from "./helpers/sessions";
import {
  balancesOf,
  cancelOrder,
  fund,
  placeOrder,
  reservationMismatches,
  startTestMarket,
  stepMarket,
} from "./helpers/spot";
import { buildTestApp } from "./helpers/test-app";
import { describePostgres } from "./helpers/test-db";

const ROUNDS = 20;
const ORDERS = 25;
const SYMBOL = "DOGE/USDT";
const RULES = spotRules(SYMBOL) as SpotRules;

describePostgres(
  "spot cancel/fill race",
  (pg) => {
    let app: FastifyInstance;
    let market: RunningMarket;
    beforeAll(async () => {
      app = await buildTestApp({
        db: pg.schema().open(),
        rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
      });
      market = await startTestMarket(pg.schema().open(), "spot-race");
      app.market.attach(market.feed);
    });
    afterAll(async () => {
      await market?.stop();
      await app?.close();
    });

    const bestAsk = () => {
      const ask = market.feed.depth(SYMBOL, 1)?.asks[0]?.[0];
      if (ask === undefined) throw new Error("no book");
      return BigInt(ask.replace(".", "")) * RULES.priceStep;
    };
    const price = (units: bigint) => {
      const digits = (units / RULES.priceStep).toString().padStart(6, "0");
      return `${digits.slice(0, -5)}.${digits.slice(-5)}`;
    };

    it(`${ROUNDS} rounds of ${ORDERS} cancels against ${ORDERS} fills: exactly one wins each`, async () => {
      const fills = pg.schema().open();
      const user = await createUserSession(pg.db());
      const funding = 10_000_000_000n; // 10,000 USDT
      await fund(pg.db(), user.userId, "USDT", funding);
      const outcomes = { cancelled: 0, filled: 0 };
      let spent = 0n;
      let bought = 0n;
      for (let round = 0; round < ROUNDS; round += 1) {
        await stepMarket(market, 1);
        const limit = bestAsk() - RULES.priceStep; // one step under the ask: rests
        const orders: SpotOrder[] = [];
        for (let i = 0; i < ORDERS; i += 1) {
          const body = { symbol: SYMBOL, side: 0, type: 1, price: price(limit), number: "100" };
          orders.push(await placeOrder(app, user, body));
        }
        for (let i = 0; i < 5000 && bestAsk() > limit; i += 1) await stepMarket(market, 1);
        const snapshot = takeSnapshot(market.feed, RULES);
        if (snapshot === null || bestAsk() > limit) throw new Error("the book never crossed");

        const results = await Promise.all(
          orders.map(async (o, i) => {
            // Who starts first alternates; the database decides who wins.
            const cancel = () => cancelOrder(app, user, o.id);
            const fill = () => fillLimitOrder(fills, o.id, snapshot);
            const [c, f] =
              i % 2 === 0
                ? await Promise.all([cancel(), fill()])
                : await Promise.all([fill(), cancel()]).then(([x, y]) => [y, x] as const);
            return { id: o.id, cancel: c.statusCode, body: c.body, fill: f.kind };
          }),
        );
        for (const r of results) {
          if (r.cancel === 200) {
            expect(r.fill, `order ${r.id}`).toBe("gone");
            outcomes.cancelled += 1;
          } else {
            expect(r.cancel, r.body).toBe(409);
            expect(r.body).toContain("This order is already filled");
            expect(r.fill, `order ${r.id}`).toBe("filled");
            outcomes.filled += 1;
            // 100 DOGE at the limit price, + 0.08 % maker fee, rounded up.
            const value = limit * 100n;
            spent += value + (value * 8n + 9_999n) / 10_000n;
            bought += 100n * 10n ** 8n;
          }
        }
        const statuses = await pg
          .db()
          .query<{ status: string; n: string }>(
            "SELECT status, count(*)::text AS n FROM spot_orders WHERE user_id = $1 GROUP BY status ORDER BY status",
            [user.userId],
          );
        expect(statuses.find((s) => s.status === "open")).toBeUndefined();
        expect(await reservationMismatches(pg.db())).toEqual([]);
        const balance = await balancesOf(pg.db(), user.userId);
        expect(balance("USDT")).toEqual({ available: funding - spent, frozen: 0n });
        expect(balance("DOGE")).toEqual({ available: bought, frozen: 0n });
        expect((await checkLedger(pg.db())).violations).toEqual([]);
      }
      expect(outcomes.cancelled + outcomes.filled).toBe(ROUNDS * ORDERS);
      // Both sides must have won some races, or the test raced nothing.
      expect(outcomes.cancelled).toBeGreaterThan(0);
      expect(outcomes.filled).toBeGreaterThan(0);
      const [bills] = await pg
        .db()
        .query<{ n: string }>(
          "SELECT count(*)::text AS n FROM bills WHERE user_id = $1 AND type IN (317, 319)",
          [user.userId],
        );
      // One 317 per cancel, one 319 per fill: no order was settled twice.
      expect(bills?.n).toBe(String(ROUNDS * ORDERS));
    }, 240_000);

    it("a matcher on another pool hears a new order and fills it when the book crosses", async () => {
      const user = await createUserSession(pg.db());
      await fund(pg.db(), user.userId, "USDT", 1_000_000_000n);
      const matcher = await startSpotMatcher({
        db: pg.schema().open(),
        market: app.market,
        log: console,
      });
      try {
        await stepMarket(market, 1);
        const limit = bestAsk() - RULES.priceStep;
        const body = { symbol: SYMBOL, side: 0, type: 1, price: price(limit), number: "100" };
        const order = await placeOrder(app, user, body);
        // Only the NOTIFY of the placing transaction can tell the matcher's pool about it.
        for (let i = 0; i < 100 && !matcher.isOpen(order.id); i += 1) await sleep(50);
        expect(matcher.isOpen(order.id)).toBe(true);
        for (let i = 0; i < 5000 && bestAsk() > limit; i += 1) await stepMarket(market, 1);
        await matcher.settled();
        const [row] = await pg
          .db()
          .query<{ status: string }>("SELECT status FROM spot_orders WHERE id = $1", [order.id]);
        expect(row?.status).toBe("filled");
        expect(matcher.isOpen(order.id)).toBe(false);
        expect((await checkLedger(pg.db())).violations).toEqual([]);
      } finally {
        await matcher.stop();
      }
    }, 60_000);
  },
  { migrate: true },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
