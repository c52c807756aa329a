// An operator's and a user's view of withdrawals in the admin tests: request one, decide it
// through /admin/withdraw, and read the row, the user's bills and overview back.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { AssetsOverview, Bill } from "../../../protocol/ledger";
import type { ListPage } from "../../../protocol/list";
import { API_BASE } from "../../../protocol/paths";
import type { AdminWithdrawalItem, Withdrawal } from "../../../protocol/wallet";
import type { Db } from "../../../server/db/db";
import { randomAddress, bearer, type TestSession } from "./sessions";
import { postWithdraw } from "./withdraw";

export interface DeskContext {
  app: FastifyInstance;
  db: Db;
  user: TestSession;
  operator: TestSession;
}

export function withdrawDesk(context: () => DeskContext) {
  const admin = (method: "GET" | "POST", url: string, payload?: object, as?: TestSession) => {
    const { app, operator } = context();
    return app.inject({
      method,
      url: `${API_BASE}/admin${url}`,
      headers: bearer(as ?? operator),
      ...(payload ? { payload } : {}),
    });
  };
  const asUser = (url: string) => {
    const { app, user } = context();
    return app.inject({ url: `${API_BASE}${url}`, headers: bearer(user) });
  };
  return {
    admin,
    async withdraw(amount: string, address: string = randomAddress()): Promise<Withdrawal> {
      const { app, user } = context();
      const response = await postWithdraw(app, user, { amount, address });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: Withdrawal }>().Data;
    },
    async decide(id: string, how: "approve" | "reject", reason?: string) {
      const response = await admin(
        "POST",
        `/withdraw/${id}/${how}`,
        reason ? { reason } : undefined,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: AdminWithdrawalItem }>().Data;
    },
    async rowOf(id: string): Promise<Withdrawal> {
      const [row] = await context().db.query<Withdrawal>(
        'SELECT id, status, tx_hash AS "txHash", reason FROM withdrawals WHERE id = $1',
        [id],
      );
      if (!row) throw new Error(`no withdrawal ${id}`);
      return row;
    },
    async userBills(): Promise<Bill[]> {
      return (await asUser("/assets/bills")).json<{ Data: ListPage<Bill> }>().Data.items;
    },
    async overview(): Promise<AssetsOverview> {
      return (await asUser("/assets/overview")).json<{ Data: AssetsOverview }>().Data;
    },
  };
}
