// POST /options/orders under real concurrency, on PostgreSQL only (PGlite runs one transaction
// at a time): three app instances on their own pools stand in for three server processes, all
// priced by one live feed. 50 parallel orders from one user leave exactly one open option.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OptionsOrder } from "../../protocol/options";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { parseAmount } from "../../server/domain/ledger/amounts";
import type { RunningMarket } from "../../server/market/start-market";
import {
  insertOptionsOrder,
  nextOptionsOrderId,
} from "../../server/db/repositories/options-order-repository";
import { optionBills, postOptionsOrder } from "./helpers/options";
import { createUserSession } from "./helpers/sessions";
import { balancesOf, fund, startTestMarket, stepMarket } from "./helpers/spot";
import { buildTestApp, NO_RATE_LIMIT } from "./helpers/test-app";
import { describePostgres } from "./helpers/test-db";

const USDT = (s: string) => parseAmount(s, 6, "usdt");

describePostgres(
  "options concurrency",
  (pg) => {
    let instances: FastifyInstance[] = [];
    let market: RunningMarket;
    beforeAll(async () => {
      market = await startTestMarket(pg.schema().open(), "options-concurrency");
      for (let i = 0; i < 3; i++) {
        const app = await buildTestApp({ db: pg.schema().open(), rateLimit: NO_RATE_LIMIT });
        app.market.attach(market.feed);
        instances.push(app);
      }
    });
    afterAll(async () => {
      await Promise.all(instances.map((a) => a.close()));
      instances = [];
      await market?.stop();
    });

    it.each([
      // The user's lock is taken before the open-order check: every other order sees the one.
      ["with money for all of them", "1000", /^PREVIOUS_ORDER_OPEN$/],
      ["with money for one", "10.1", /^(PREVIOUS_ORDER_OPEN|INSUFFICIENT_BALANCE)$/],
    ])(
      "50 parallel orders from one user, %s: exactly one opens",
      async (_name, funds, codes) => {
        const user = await createUserSession(pg.db());
        await fund(pg.db(), user.userId, "USDT", USDT(funds));
        await stepMarket(market, 1);
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            postOptionsOrder(instances[i % 3] as FastifyInstance, user, {
              symbol: i % 2 === 0 ? "BTC/USDT" : "ETH/USDT",
              direction: i % 4 < 2 ? "up" : "down",
              seconds: 60,
              amount: "10",
            }),
          ),
        );
        const accepted = answers.filter((a) => a.statusCode === 200);
        expect(accepted).toHaveLength(1);
        for (const refused of answers.filter((a) => a.statusCode !== 200)) {
          expect(refused.statusCode, refused.body).toBe(422);
          expect(refused.json<{ Code: string }>().Code).toMatch(codes);
          if (refused.json<{ Code: string }>().Code === "PREVIOUS_ORDER_OPEN") {
            expect(refused.json()).toMatchObject({
              Message: "Please complete the previous order first",
            });
          }
        }
        const order = accepted[0]?.json<{ Data: OptionsOrder }>().Data;
        const rows = await pg
          .db()
          .query<{ id: string }>(
            "SELECT id::text AS id FROM options_orders WHERE user_id = $1 AND result IS NULL",
            [user.userId],
          );
        expect(rows).toEqual([{ id: order?.id }]);
        // One purchase: its two bills, and the balance it leaves.
        expect(await optionBills(pg.db(), user.userId)).toEqual([
          [311, -USDT("10"), "options-order", order?.id],
          [314, -USDT("0.1"), "options-order", order?.id],
        ]);
        expect((await balancesOf(pg.db(), user.userId))("USDT")).toEqual({
          available: USDT(funds) - USDT("10.1"),
          frozen: 0n,
        });
        expect((await checkLedger(pg.db())).violations).toEqual([]);
      },
      120_000,
    );
    it("the partial unique index alone decides between two racing inserts", async () => {
      // No early check here: two processes insert an open row for one user at once.
      const user = await createUserSession(pg.db());
      await fund(pg.db(), user.userId, "USDT", USDT("1"));
      await fund(pg.db(), user.userId, "USDT", USDT("1"));
      // The user's two funding postings stand in for two purchases.
      const [txA, txB] = await pg
        .db()
        .query<{ id: string }>(
          "SELECT DISTINCT transaction_id::text AS id FROM bills WHERE user_id = $1",
          [user.userId],
        );
      const row = (id: string, purchase: string) => ({
        id,
        userId: user.userId,
        symbol: "BTC/USDT",
        direction: "up" as const,
        seconds: 60,
        stake: 1n,
        fee: 0n,
        payoutRate: "0.85",
        timeMs: Date.now(),
        purchaseTransactionId: purchase,
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted: () => void = () => {};
      const aInserted = new Promise<void>((resolve) => (inserted = resolve));
      const first = pg
        .schema()
        .open()
        .transaction(async (tx) => {
          try {
            return await insertOptionsOrder(tx, row(await nextOptionsOrderId(tx), txA?.id ?? ""));
          } finally {
            inserted();
            await held;
          }
        });
      await aInserted;
      let secondDone = false;
      const second = pg
        .schema()
        .open()
        .transaction(async (tx) =>
          insertOptionsOrder(tx, row(await nextOptionsOrderId(tx), txB?.id ?? "")),
        )
        .finally(() => (secondDone = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondDone).toBe(false); // waiting on the first one's uncommitted row
      release();
      expect(await first).toBe(true);
      expect(await second).toBe(false);
      // Without ON CONFLICT it is the index's own unique violation.
      await expect(
        pg.db().query(
          `INSERT INTO options_orders (user_id, symbol, direction, seconds, stake, fee,
             payout_rate, time, expires_at, purchase_transaction_id)
           SELECT user_id, symbol, direction, seconds, stake, fee, payout_rate, time, expires_at,
                  $2 FROM options_orders WHERE user_id = $1`,
          [user.userId, txB?.id ?? ""],
        ),
      ).rejects.toThrow(/options_orders_one_open/);
    });
  },
  { migrate: true },
);
