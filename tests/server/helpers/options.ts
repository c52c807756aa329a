// Options test helpers: the real app (useTestApp) with, per test, a fresh database, a seeded
// simulated market stepped by hand and attached as main.ts attaches it, and a signed-in user;
// orders as the app sends them; and a snapshot of everything a refused order must leave as it
// was. After every test the ledger must check clean.
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, expect } from "vitest";
import type { OptionsOrder } from "../../../protocol/options";
import type { Db, Queryable } from "../../../server/db/db";
import { checkLedger } from "../../../server/domain/ledger/check-ledger";
import type { RunningMarket } from "../../../server/market/start-market";
import { acceptedData, postIdempotent } from "./idempotent-post";
import { createUserSession, type TestSession } from "./sessions";
import { startTestMarket } from "./spot";
import { NO_RATE_LIMIT, useTestApp } from "./test-app";
import { usePglite } from "./test-db";
import { moneySnapshot } from "./withdraw";

export interface OptionsEnv {
  db: Db;
  app: FastifyInstance;
  market: RunningMarket;
  user: TestSession;
}

export function useOptionsApp(seed = "options-test"): () => OptionsEnv {
  const getDb = usePglite();
  const app = useTestApp(getDb, { resetDbBeforeEach: true, rateLimit: NO_RATE_LIMIT });
  let env: OptionsEnv | undefined;
  beforeEach(async () => {
    const db = getDb();
    const market = await startTestMarket(db, seed);
    app.market.attach(market.feed);
    env = { db, app, market, user: await createUserSession(db) };
  });
  afterEach(async () => {
    if (!env) return;
    const { db, market } = env;
    expect((await checkLedger(db)).violations).toEqual([]);
    env.app.market.detach();
    await market.stop();
    env = undefined;
  });
  return () => {
    if (!env) throw new Error("useOptionsApp(): the environment exists inside tests only");
    return env;
  };
}

export function postOptionsOrder(
  app: FastifyInstance,
  session: { token: string },
  body: unknown,
  key?: string | null,
) {
  return postIdempotent(app, session, "options/orders", body, key);
}

/** An order that must be accepted: its answer, or the test fails with the server's message. */
export async function buyOption(
  app: FastifyInstance,
  session: { token: string },
  body: unknown,
): Promise<OptionsOrder> {
  return acceptedData<OptionsOrder>(await postOptionsOrder(app, session, body), "option");
}

/** The user's option bills, oldest first: [type, amount in units, ref kind, ref id]. */
export async function optionBills(db: Queryable, userId: string) {
  const rows = await db.query<{ type: number; amount: string; ref_kind: string; ref_id: string }>(
    `SELECT type, amount::text, ref_kind, ref_id FROM bills
      WHERE user_id = $1 AND type BETWEEN 311 AND 314 ORDER BY id`,
    [userId],
  );
  return rows.map((r) => [r.type, BigInt(r.amount), r.ref_kind, r.ref_id] as const);
}

/** Everything a refused order must leave as it was. */
export async function optionsSnapshot(db: Queryable) {
  const count = async (table: string) =>
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]?.n;
  return {
    ...(await moneySnapshot(db)),
    orders: await count("options_orders"),
    idempotency: await count("idempotency_keys"),
  };
}
