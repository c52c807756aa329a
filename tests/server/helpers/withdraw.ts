// Withdrawal test helpers: requests as the app sends them, and a snapshot of everything a
// refused request must leave unchanged.
import type { FastifyInstance } from "fastify";
import { API_BASE } from "../../../protocol/paths";
import type { Queryable } from "../../../server/db/db";
import { postIdempotent } from "./idempotent-post";
import { bearer } from "./sessions";

let keyCounter = 0;

export function postWithdraw(
  app: FastifyInstance,
  session: { token: string },
  body: unknown,
  key?: string | null,
) {
  return postIdempotent(app, session, "wallet/withdraw", body, key);
}

export async function demoFunds(
  app: FastifyInstance,
  session: { token: string },
  amount: string,
): Promise<void> {
  const response = await app.inject({
    method: "POST",
    url: `${API_BASE}/wallet/demo-credit`,
    headers: { ...bearer(session), "idempotency-key": `credit-${++keyCounter}` },
    payload: { amount },
  });
  if (response.statusCode !== 200) throw new Error(`demo credit failed: ${response.body}`);
}

/** Row counts and balances: equal before and after a refused request. */
export async function moneySnapshot(db: Queryable) {
  const count = async (table: string) =>
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]?.n;
  return {
    bills: await count("bills"),
    withdrawals: await count("withdrawals"),
    changes: await count("change_log"),
    transactions: await count("ledger_transactions"),
    reservations: await count("ledger_reservations"),
    audit: await count("audit_log"),
    accounts: await db.query(
      "SELECT id, available::text, frozen::text FROM ledger_accounts ORDER BY id",
    ),
  };
}
