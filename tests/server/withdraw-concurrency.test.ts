// POST /wallet/withdraw under real concurrency, on PostgreSQL only: three
// app instances on their own pools stand in for three server processes.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import type { Withdrawal } from "../../protocol/wallet";
import { userBalances } from "../../server/db/repositories/ledger-account-repository";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { createUserSession, randomAddress } from "./helpers/sessions";
import { buildTestApp } from "./helpers/test-app";
import { describePostgres } from "./helpers/test-db";
import { demoFunds, postWithdraw } from "./helpers/withdraw";

describePostgres(
  "withdrawal concurrency",
  (pg) => {
    async function apps(n: number): Promise<FastifyInstance[]> {
      const built: FastifyInstance[] = [];
      for (let i = 0; i < n; i++) built.push(await buildTestApp({ db: pg.schema().open() }));
      return built;
    }

    it("100 parallel withdrawals never overdraw; frozen equals the open reservations", async () => {
      const instances = await apps(3);
      try {
        const user = await createUserSession(pg.db(), { verified: true });
        const first = instances[0] as FastifyInstance;
        // 1000 USDT covers floor(1000 / (10 + 1 fee)) = 90 of 100 withdrawals of 10.
        await demoFunds(first, user, "1000");
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            postWithdraw(instances[i % 3] as FastifyInstance, user, {
              amount: "10",
              address: randomAddress(),
            }),
          ),
        );
        const accepted = answers.filter((a) => a.statusCode === 200);
        const refused = answers.filter((a) => a.statusCode !== 200);
        expect(accepted).toHaveLength(90);
        for (const r of refused) {
          expect(r.statusCode, r.body).toBe(422);
          expect(r.json()).toMatchObject({ Message: "Insufficient available balance" });
        }
        const ids = new Set(accepted.map((a) => a.json<{ Data: Withdrawal }>().Data.id));
        expect(ids.size).toBe(90);
        const [balance] = await userBalances(pg.db(), user.userId);
        expect(balance).toMatchObject({ available: "10000000", frozen: "990000000" });
        const [open] = await pg.db().query<{ n: string; sum: string }>(
          `SELECT count(*)::text AS n, coalesce(sum(r.amount), 0)::text AS sum
           FROM ledger_reservations r JOIN withdrawals w ON w.reservation_id = r.id
          WHERE w.user_id = $1`,
          [user.userId],
        );
        expect(open).toEqual({ n: "90", sum: "990000000" });
        expect((await checkLedger(pg.db())).violations).toEqual([]);
      } finally {
        await Promise.all(instances.map((a) => a.close()));
      }
    }, 120_000);

    it("the same Idempotency-Key sent 10 times at once makes one withdrawal and one bill", async () => {
      const instances = await apps(3);
      try {
        const user = await createUserSession(pg.db(), { verified: true });
        await demoFunds(instances[0] as FastifyInstance, user, "100");
        const address = randomAddress();
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            postWithdraw(instances[i % 3] as FastifyInstance, user, { amount: "25", address }, "k"),
          ),
        );
        for (const a of answers) expect(a.statusCode, a.body).toBe(200);
        expect(new Set(answers.map((a) => a.json<{ Data: Withdrawal }>().Data.id)).size).toBe(1);
        const rows = await pg
          .db()
          .query("SELECT id FROM withdrawals WHERE user_id = $1", [user.userId]);
        expect(rows).toHaveLength(1);
        const bills = await pg
          .db()
          .query("SELECT id FROM bills WHERE user_id = $1 AND type = 201", [user.userId]);
        expect(bills).toHaveLength(1);
        const [balance] = await userBalances(pg.db(), user.userId);
        expect(balance).toMatchObject({ available: "74000000", frozen: "26000000" });
        expect((await checkLedger(pg.db())).violations).toEqual([]);
      } finally {
        await Promise.all(instances.map((a) => a.close()));
      }
    }, 60_000);
  },
  { migrate: true },
);
