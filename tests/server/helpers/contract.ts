// Contract test helpers: the real app with, per test, a fresh database, a seeded simulated market
// stepped by hand (helpers/spot.ts) and attached as main.ts attaches it, and a signed-in user; on
// PGlite, and again on PostgreSQL when DATABASE_URL is set (contractSuites). Orders as the app
// sends them; the rules recomputed from a served book, independently of the engine; and a
// snapshot of everything a refused request must leave as it was. After every test the ledger
// must check clean and every user's frozen USDT must be exactly what their live orders hold.
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from "vitest";
import type { ContractOrder } from "../../../protocol/contract";
import type { Depth } from "../../../protocol/market";
import { API_BASE } from "../../../protocol/paths";
import type { Db, Queryable } from "../../../server/db/db";
import { checkLedger } from "../../../server/domain/ledger/check-ledger";
import type { RunningMarket } from "../../../server/market/start-market";
import { acceptedData, postIdempotent } from "./idempotent-post";
import { bearer, createUserSession, type TestSession } from "./sessions";
import { startTestMarket } from "./spot";
import { buildTestApp, NO_RATE_LIMIT } from "./test-app";
import { describePostgres, resetDb, usePglite } from "./test-db";
import { moneySnapshot } from "./withdraw";

export interface ContractEnv {
  db: Db;
  app: FastifyInstance;
  market: RunningMarket;
  user: TestSession;
}

/** The environment on the database `getDb` answers (opened by the caller's hooks). */
export function useContractApp(getDb: () => Db, seed: string): () => ContractEnv {
  let app: FastifyInstance | undefined;
  let env: ContractEnv | undefined;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    const db = getDb();
    await resetDb(db);
    if (!app) throw new Error("the app is built in beforeAll");
    const market = await startTestMarket(db, seed);
    app.market.attach(market.feed);
    env = { db, app, market, user: await createUserSession(db) };
  });
  afterEach(async () => {
    if (!env) return;
    const { db, market } = env;
    expect((await checkLedger(db)).violations).toEqual([]);
    expect(await frozenMismatches(db)).toEqual([]);
    expect(await reservationMismatches(db)).toEqual([]);
    env.app.market.detach();
    await market.stop();
    env = undefined;
  });
  return () => {
    if (!env) throw new Error("useContractApp(): the environment exists inside tests only");
    return env;
  };
}

/** `body` on PGlite, and on PostgreSQL (its own schema) when DATABASE_URL is set. */
export function contractSuites(
  title: string,
  seed: string,
  body: (env: () => ContractEnv) => void,
): void {
  describe(`${title} (PGlite)`, () => body(useContractApp(usePglite(), seed)));
  describePostgres(title, (pg) => body(useContractApp(pg.db, seed)), { migrate: true });
}

export function postContractOrder(
  app: FastifyInstance,
  session: { token: string },
  body: unknown,
  key?: string | null,
) {
  return postIdempotent(app, session, "contract/orders", body, key);
}

/** An order that must be accepted: its answer, or the test fails with the server's message. */
export async function openContract(
  app: FastifyInstance,
  session: { token: string },
  body: unknown,
): Promise<ContractOrder> {
  return acceptedData<ContractOrder>(await postContractOrder(app, session, body), "order");
}

export function closeContract(app: FastifyInstance, session: { token: string }, id: string) {
  return app.inject({
    method: "POST",
    url: `${API_BASE}/contract/orders/${id}/close`,
    headers: bearer(session),
  });
}

export function cancelContract(app: FastifyInstance, session: { token: string }, id: string) {
  return app.inject({
    method: "DELETE",
    url: `${API_BASE}/contract/orders/${id}`,
    headers: bearer(session),
  });
}

export function putTargets(
  app: FastifyInstance,
  session: { token: string },
  id: string,
  body: unknown,
) {
  return app.inject({
    method: "PUT",
    url: `${API_BASE}/contract/orders/${id}/targets`,
    headers: bearer(session),
    payload: body as object,
  });
}

/** The book the next order will walk (every level the feed holds). */
export function bookOf(market: RunningMarket, symbol: string): Depth {
  const depth = market.feed.depth(symbol, 1_000);
  if (!depth) throw new Error(`no book of ${symbol}`);
  return depth;
}

/** A served decimal in units of 10^-scale ("67250.5", 6 → 67250500000n), without the engine's code. */
export function units(value: string, scale: number): bigint {
  const [whole = "0", frac = ""] = value.split(".");
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, "0") || "0");
}

/**
 * The volume-weighted price of walking `levels` for `quantity` (base units), rounded to
 * `priceStep` (USDT units) up when buying and down when selling: the engine's rule, redone here.
 */
export function walkPrice(
  levels: readonly (readonly [string, string])[],
  quantity: bigint,
  priceStep: bigint,
  buying: boolean,
): bigint {
  let left = quantity;
  let value = 0n;
  for (const [price, qty] of levels) {
    if (left === 0n) break;
    const take = units(qty, 8) < left ? units(qty, 8) : left;
    value += units(price, 6) * take;
    left -= take;
  }
  if (left > 0n) throw new Error("the book is too thin for this walk");
  const per = priceStep * quantity;
  return (buying ? (value + per - 1n) / per : value / per) * priceStep;
}

/** The user's contract bills, oldest first: [type, amount in USDT units]. */
export async function contractBills(db: Queryable, userId: string) {
  const rows = await db.query<{ type: number; amount: string }>(
    `SELECT type, amount::text FROM bills
      WHERE user_id = $1 AND ref_kind = 'contract-order' ORDER BY id`,
    [userId],
  );
  return rows.map((r) => [r.type, BigInt(r.amount)] as const);
}

/** Everything a refused request must leave as it was. */
export async function contractSnapshot(db: Queryable) {
  const count = async (table: string) =>
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]?.n;
  return {
    ...(await moneySnapshot(db)),
    orders: await db.query("SELECT * FROM contract_orders ORDER BY id"),
    keptTicks: await count("ticks WHERE kept"),
    idempotency: await count("idempotency_keys"),
  };
}

/** Users whose frozen USDT is not what their live orders hold (must always be none). */
export async function frozenMismatches(db: Queryable): Promise<unknown[]> {
  return db.query(
    `SELECT a.user_id::text, a.frozen::text,
            coalesce(sum(CASE o.state WHEN 0 THEN o.margin + o.open_fee ELSE o.margin END), 0)::text
              AS held
       FROM ledger_accounts a
       LEFT JOIN contract_orders o ON o.user_id = a.user_id AND o.state < 2
      WHERE a.user_id IS NOT NULL AND a.asset = 'USDT'
      GROUP BY a.user_id, a.frozen
     HAVING a.frozen <> coalesce(sum(CASE o.state WHEN 0 THEN o.margin + o.open_fee ELSE o.margin END), 0)`,
  );
}

/**
 * Orders whose reservations disagree with their state (must always be none): a live order's
 * are open, a completed one's margin came back, a cancelled one's fee came back, a filled
 * limit order's fee went to fees.
 */
export async function reservationMismatches(db: Queryable): Promise<unknown[]> {
  return db.query(
    `SELECT o.id::text, o.state, m.outcome AS margin_end, f.outcome AS fee_end
       FROM contract_orders o
       LEFT JOIN ledger_reservation_ends m ON m.reservation_id = o.margin_reservation_id
       LEFT JOIN ledger_reservation_ends f ON f.reservation_id = o.fee_reservation_id
      WHERE m.outcome IS DISTINCT FROM (CASE WHEN o.state = 2 THEN 'returned' END)
         OR (o.fee_reservation_id IS NOT NULL AND f.outcome IS DISTINCT FROM
             (CASE WHEN o.close_reason = 'cancelled' THEN 'returned'
                   WHEN o.opened_at IS NOT NULL THEN 'deducted' END))`,
  );
}
