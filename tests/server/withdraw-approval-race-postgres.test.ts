// Two-person withdrawals racing on real PostgreSQL (skipped without DATABASE_URL; PGlite
// serialises everything, DESIGN §5): two operators approving the same large withdrawal at once,
// on two app instances with their own pools, still send it exactly once — two approvals, one
// "withdrawal.approve" audit entry, one status change; the same operator racing themself gets one
// approval recorded and one refusal.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { ChainEndpoint } from "../../server/chain/chain-endpoint";
import type { HotWallet } from "../../server/chain/hot-wallet";
import type { Db } from "../../server/db/db";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { bearer, createUserSession, randomAddress, type TestSession } from "./helpers/sessions";
import { buildTestApp } from "./helpers/test-app";
import { describePostgres } from "./helpers/test-db";
import { demoFunds, postWithdraw } from "./helpers/withdraw";

describePostgres(
  "two-person withdrawals racing on PostgreSQL",
  (pg) => {
    async function apps(n: number): Promise<FastifyInstance[]> {
      const built: FastifyInstance[] = [];
      for (let i = 0; i < n; i++) {
        const app = await buildTestApp({ db: pg.schema().open() });
        // Approving asks only whether a hot wallet exists; no sender runs here.
        app.chain.attachEndpoint({} as ChainEndpoint, {} as HotWallet);
        built.push(app);
      }
      return built;
    }

    async function request(app: FastifyInstance, user: TestSession, amount: string) {
      const response = await postWithdraw(app, user, { amount, address: randomAddress() });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: { id: string } }>().Data.id;
    }

    const approve = (app: FastifyInstance, id: string, as: TestSession) =>
      app.inject({
        method: "POST",
        url: `${API_BASE}/admin/withdraw/${id}/approve`,
        headers: bearer(as),
      });

    async function facts(db: Db, id: string) {
      const [row] = await db.query<{ status: number; approvals: number; sends: number }>(
        `SELECT w.status,
                (SELECT count(*)::int FROM withdrawal_approvals a WHERE a.withdrawal_id = w.id)
                  AS approvals,
                (SELECT count(*)::int FROM audit_log l WHERE l.target_kind = 'withdrawal'
                   AND l.target_id = w.id::text AND l.action = 'withdrawal.approve') AS sends
           FROM withdrawals w WHERE w.id = $1`,
        [id],
      );
      return row;
    }

    it("two operators approving at once send it once; one operator twice approves once", async () => {
      const [one, two] = (await apps(2)) as [FastifyInstance, FastifyInstance];
      try {
        const db = pg.db();
        const user = await createUserSession(db, { verified: true });
        await demoFunds(one, user, "60000");
        const ops = await Promise.all(
          [0, 1].map(() => createUserSession(db, { role: "operator" })),
        );
        const [a, b] = ops as [TestSession, TestSession];
        for (let round = 0; round < 10; round++) {
          const id = await request(one, user, "1500");
          const answers = await Promise.all([approve(one, id, a), approve(two, id, b)]);
          // Whichever committed first recorded the first approval; the other sent it.
          expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
          const statuses = answers.map((r) => r.json<{ Data: { status: number } }>().Data.status);
          expect(statuses.sort()).toEqual([0, 1]);
          expect(await facts(db, id)).toEqual({ status: 1, approvals: 2, sends: 1 });
        }
        for (let round = 0; round < 5; round++) {
          const id = await request(one, user, "1500");
          const answers = await Promise.all([approve(one, id, a), approve(two, id, a)]);
          expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
          const refused = answers.find((r) => r.statusCode === 409);
          expect(refused?.json()).toMatchObject({ Params: { conflict: "same-approver" } });
          expect(await facts(db, id)).toEqual({ status: 0, approvals: 1, sends: 0 });
        }
        expect((await checkLedger(db)).violations).toEqual([]);
      } finally {
        await Promise.all([one, two].map((app) => app.close()));
      }
    }, 120_000);
  },
  { migrate: true },
);
