// The promotions budget in the console (real app; PGlite, and PostgreSQL when DATABASE_URL is set):
// GET /admin/promotions shows the budget with rewards paid and waiting; POST /admin/promotions/fund
// funds it through the CLI's domain function with an Idempotency-Key (a retry funds once), audited,
// `manage` only; a bad amount is refused with nothing changed.
import { beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import { DEFAULT_INVITE_RULE } from "../../server/domain/invite/invite-config";
import type { PromotionsBudgetView } from "../../server/domain/invite/promotions-admin";
import { runRewardPass } from "../../server/domain/invite/reward-worker";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { claimDemo, deposit, invitedUser, promotionsUnits, USDT } from "./helpers/invite";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";

function promotionsSuite(getDb: () => Db) {
  const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });
  let operator: TestSession;

  beforeEach(async () => {
    await claimDemo(getDb());
    operator = await createUserSession(getDb(), { role: "operator", username: "olga" });
  });

  const budget = async (session = operator) => {
    const response = await app.inject({
      url: `${API_BASE}/admin/promotions`,
      headers: bearer(session),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ Data: PromotionsBudgetView }>().Data;
  };
  const fund = (body: unknown, key: string | null, session = operator) =>
    app.inject({
      method: "POST",
      url: `${API_BASE}/admin/promotions/fund`,
      headers: { ...bearer(session), ...(key === null ? {} : { "idempotency-key": key }) },
      payload: body as Record<string, unknown>,
    });
  const audits = () =>
    getDb().query<{ actor_label: string }>(
      "SELECT actor_label FROM audit_log WHERE action = 'promotions.fund'",
    );

  it("funds once per Idempotency-Key, audited, and shows rewards paid and waiting", async () => {
    const db = getDb();
    const referrer = await createUserSession(db);
    const invitee = await invitedUser(db, referrer.userId, { idNumber: "P7654321" });
    await deposit(db, invitee.userId, 100n * USDT);
    await runRewardPass(db, DEFAULT_INVITE_RULE, { sweep: true });
    // The default rule pays 5 USDT per qualifying invitee.
    expect(DEFAULT_INVITE_RULE.reward).toBe(5n * USDT);
    expect(await budget()).toMatchObject({
      balance: "0",
      paidCount: 0,
      waitingCount: 1,
      waitingAmount: "5",
    });

    const first = await fund({ amount: "12.50" }, "fund-1");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ Data: unknown }>().Data).toMatchObject({
      amount: "12.5",
      source: "demo-issuer",
      balance: "12.5",
    });
    // The same key and amount (written differently) replay; another amount is a conflict.
    const again = await fund({ amount: "12.5" }, "fund-1");
    expect(again.json()).toEqual(first.json());
    expect((await fund({ amount: "13" }, "fund-1")).statusCode).toBe(409);
    expect(await promotionsUnits(db)).toBe(12_500_000n);
    expect(await audits()).toEqual([{ actor_label: "operator:olga" }]);

    await runRewardPass(db, DEFAULT_INVITE_RULE, { sweep: true });
    expect(await budget()).toMatchObject({
      balance: "7.5",
      paidCount: 1,
      paidAmount: "5",
      waitingCount: 0,
      waitingAmount: "0",
    });
    expect((await checkLedger(db)).violations).toEqual([]);
  });

  it("refuses bad amounts, a missing key and a support operator, changing nothing", async () => {
    for (const amount of ["0", "-1", "abc", "1.1234567", "1e3", "", 5, null]) {
      const response = await fund({ amount }, `bad-${String(amount)}`);
      expect(response.statusCode, JSON.stringify(amount)).toBe(400);
      expect(response.json<{ Code: string; Params: { field: string } }>()).toMatchObject({
        Code: "VALIDATION",
        Params: { field: "amount" },
      });
    }
    expect((await fund({ amount: "1000000000001" }, "too-much")).statusCode).toBe(400);
    expect((await fund({ amount: "5" }, null)).statusCode).toBe(400);
    const support = await createUserSession(getDb(), { role: "support", username: "sam" });
    expect((await budget(support)).balance).toBe("0");
    expect((await fund({ amount: "5" }, "support-1", support)).statusCode).toBe(403);
    const user = await createUserSession(getDb());
    expect((await fund({ amount: "5" }, "user-1", user)).statusCode).toBe(403);
    expect(await promotionsUnits(getDb())).toBe(0n);
    expect(await audits()).toEqual([]);
    // A refused key was never claimed: the same key with a good amount funds.
    expect((await fund({ amount: "2" }, "bad-0")).statusCode).toBe(200);
    expect(await promotionsUnits(getDb())).toBe(2n * USDT);
  });
}

describe("/admin/promotions on PGlite", () => {
  promotionsSuite(usePglite());
});

describePostgres(
  "/admin/promotions",
  (pg) => {
    promotionsSuite(pg.db);
  },
  { migrate: true },
);
