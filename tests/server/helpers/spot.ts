// Spot test helpers: a seeded simulated market stepped by hand (emit at wall-clock time, so the
// price age rule sees a live feed), orders as the app sends them, funding in any asset, balances
// per asset and a snapshot of everything a refused order must leave unchanged.
import type { FastifyInstance } from "fastify";
import { API_BASE } from "../../../protocol/paths";
import type { SpotOrder } from "../../../protocol/spot";
import type { Db, Queryable } from "../../../server/db/db";
import { userBalances } from "../../../server/db/repositories/ledger-account-repository";
import { credit } from "../../../server/domain/ledger/operations";
import { startSimulatedMarket, type RunningMarket } from "../../../server/market/start-market";
import { acceptedData, postIdempotent } from "./idempotent-post";
import { bearer } from "./sessions";
import { moneySnapshot } from "./withdraw";

export async function startTestMarket(db: Db, seed = "spot-test"): Promise<RunningMarket> {
  const market = await startSimulatedMarket(
    db,
    { source: "simulated", seed, ticksPerSecond: 1, backfillDays: 0 },
    { manual: true },
  );
  return market;
}

/** `n` steps of every symbol at the current time (each step at least 1 ms after the last). */
export async function stepMarket(market: RunningMarket, n = 1): Promise<void> {
  for (let i = 0; i < n; i += 1) market.source.emit(Date.now());
  await market.feed.flush();
}

export function postOrder(
  app: FastifyInstance,
  session: { token: string },
  body: unknown,
  key?: string | null,
) {
  return postIdempotent(app, session, "spot/orders", body, key);
}

/** An order that must be accepted: its answer, or the test fails with the server's message. */
export async function placeOrder(
  app: FastifyInstance,
  session: { token: string },
  body: unknown,
): Promise<SpotOrder> {
  return acceptedData<SpotOrder>(await postOrder(app, session, body), "order");
}

export function cancelOrder(app: FastifyInstance, session: { token: string }, id: string) {
  return app.inject({
    method: "DELETE",
    url: `${API_BASE}/spot/orders/${id}`,
    headers: bearer(session),
  });
}

/** Units of `asset` from the demo issuer (bill 106), as demo funds would arrive. */
export async function fund(db: Db, userId: string, asset: string, units: bigint): Promise<void> {
  await db.transaction((tx) =>
    credit(tx, {
      kind: "demo-credit",
      reference: "spot test funding",
      userId,
      asset,
      amount: units,
      billType: 106,
      from: "demo-issuer",
    }),
  );
}

export interface Balance {
  available: bigint;
  frozen: bigint;
}

/** The user's balance per asset in units; absent assets are 0/0. */
export async function balancesOf(db: Queryable, userId: string) {
  const rows = await userBalances(db, userId);
  const map = new Map(
    rows.map((r) => [r.asset, { available: BigInt(r.available), frozen: BigInt(r.frozen) }]),
  );
  return (asset: string): Balance => map.get(asset) ?? { available: 0n, frozen: 0n };
}

/** The user's spot bills, oldest first: [type, asset, amount in units]. */
export async function spotBills(db: Queryable, userId: string) {
  const rows = await db.query<{ type: number; asset: string; amount: string }>(
    `SELECT type, asset, amount::text FROM bills
      WHERE user_id = $1 AND type BETWEEN 315 AND 325 ORDER BY id`,
    [userId],
  );
  return rows.map((r) => [r.type, r.asset, BigInt(r.amount)] as const);
}

/** Everything a refused order must leave as it was. */
export async function spotSnapshot(db: Queryable) {
  const count = async (table: string) =>
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]?.n;
  return {
    ...(await moneySnapshot(db)),
    orders: await count("spot_orders"),
    fills: await count("spot_fills"),
    idempotency: await count("idempotency_keys"),
  };
}

/**
 * Limit orders whose state and reservation disagree (must always be none). A limit order filled
 * at placement as a taker has no reservation; every other one must.
 */
export async function reservationMismatches(db: Queryable): Promise<unknown[]> {
  return db.query(
    `SELECT o.id, o.status, e.outcome FROM spot_orders o
       LEFT JOIN ledger_reservation_ends e ON e.reservation_id = o.reservation_id
      WHERE o.type = 1 AND (o.reservation_id IS NOT NULL OR o.status <> 'filled')
        AND e.outcome IS DISTINCT FROM
        (CASE o.status WHEN 'filled' THEN 'deducted' WHEN 'cancelled' THEN 'returned' END)`,
  );
}
