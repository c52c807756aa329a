// Options settlement test helpers: a feed whose ticks the test writes (through the real
// MarketFeed, so they are numbered, chained and recorded as the market records them), orders
// bought through the real placement (placeOptionsOrder) at a chosen acceptance time, and reads of
// what settlement wrote (rows, bills, balances, the pool).
import type { OptionsOrder, OptionsProduct } from "../../../protocol/options";
import type { Db, Queryable } from "../../../server/db/db";
import { userBalances } from "../../../server/db/repositories/ledger-account-repository";
import { credit } from "../../../server/domain/ledger/operations";
import { placeOptionsOrder } from "../../../server/domain/options/place-order";
import { AttachedFeed } from "../../../server/market/attached-feed";
import { MarketFeed } from "../../../server/market/market-feed";
import { SYMBOLS } from "../../../server/market/symbols";

export const USDT = 1_000_000n;

/** A feed with no source of its own: the test accepts ticks and flushes them. */
export async function openTickFeed(db: Db): Promise<{ feed: MarketFeed; market: AttachedFeed }> {
  const feed = await MarketFeed.open({
    db,
    source: { start: () => undefined, stop: async () => undefined },
    specs: SYMBOLS,
  });
  const market = new AttachedFeed();
  market.attach(feed);
  return { feed, market };
}

/** Records ticks ([ms, price]) of one symbol in one flush, as a source would deliver them. */
export async function recordTicks(
  feed: MarketFeed,
  symbol: string,
  ticks: readonly (readonly [number, string])[],
): Promise<void> {
  feed.accept(ticks.map(([ts, price]) => ({ symbol, price, qty: "0.01", ts })));
  await feed.flush();
}

export async function fundUsdt(db: Db, userId: string, units: bigint): Promise<void> {
  await db.transaction((tx) =>
    credit(tx, {
      kind: "demo-credit",
      reference: "options test funding",
      userId,
      asset: "USDT",
      amount: units,
      billType: 106,
      from: "demo-issuer",
    }),
  );
}

/** Products of any length for tests (placement checks only that `seconds` is offered). */
export function testProducts(seconds: readonly number[]): OptionsProduct[] {
  return seconds.map((s) => ({
    seconds: s,
    payoutRate: "0.85",
    minAmount: "1",
    maxAmount: "10000",
    feeRate: "0.01",
  }));
}

export interface TestPurchase {
  userId: string;
  symbol?: string;
  direction: "up" | "down";
  seconds: number;
  /** USDT, as the app sends it. */
  amount: string;
  /** Acceptance time, epoch ms: the feed must hold a tick of the symbol at most 5 s older. */
  timeMs: number;
  products?: readonly OptionsProduct[];
}

let purchases = 0;

/** POST /options/orders as the route runs it, at a chosen acceptance time. Answers the id. */
export async function buyAt(db: Db, feed: MarketFeed, o: TestPurchase): Promise<string> {
  purchases += 1;
  const order = await placeOptionsOrder(db, {
    userId: o.userId,
    body: {
      symbol: o.symbol ?? "BTC/USDT",
      direction: o.direction,
      seconds: o.seconds,
      amount: o.amount,
    },
    idempotencyKey: `settlement-test-${purchases}`,
    feed,
    now: () => o.timeMs,
    ...(o.products ? { products: o.products } : {}),
  });
  return order.id;
}

export async function usdtBalance(db: Queryable, userId: string): Promise<bigint> {
  const row = (await userBalances(db, userId)).find((b) => b.asset === "USDT");
  return BigInt(row?.available ?? "0");
}

/** The options pool's balance (system accounts are brought up to date by the sealer). */
export async function poolBalance(db: Queryable, system = "options-pool"): Promise<bigint> {
  const [row] = await db.query<{ n: string }>(
    `SELECT coalesce(sum(e.amount), 0)::text AS n FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.system = $1 AND a.asset = 'USDT'`,
    [system],
  );
  return BigInt(row?.n ?? "0");
}

export interface SettledRow {
  id: string;
  result: string | null;
  entry_seq: string | null;
  exit_seq: string | null;
  profit: string | null;
  settlement_transaction_id: string | null;
}

export async function optionRows(db: Queryable): Promise<SettledRow[]> {
  return db.query<SettledRow>(
    `SELECT id::text AS id, result, entry_seq::text AS entry_seq, exit_seq::text AS exit_seq,
            profit::text AS profit, settlement_transaction_id::text AS settlement_transaction_id
       FROM options_orders ORDER BY id`,
  );
}

/** Each order's result (null while open), by id. */
export async function optionResults(db: Queryable): Promise<Map<string, string | null>> {
  return new Map((await optionRows(db)).map((r) => [r.id, r.result]));
}

/** The order's newest change-log put (what the app's sync receives). */
export async function lastOptionPut(db: Queryable, id: string): Promise<OptionsOrder> {
  const [row] = await db.query<{ data: OptionsOrder }>(
    `SELECT data FROM change_log WHERE entity = 'options-order' AND entity_id = $1
      ORDER BY seq DESC LIMIT 1`,
    [id],
  );
  if (!row) throw new Error(`no change-log put for option ${id}`);
  return typeof row.data === "string" ? (JSON.parse(row.data) as OptionsOrder) : row.data;
}

/** Settlement bills (312, 313) per order id: [type, amount in units]. */
export async function settlementBills(db: Queryable): Promise<Map<string, [number, bigint][]>> {
  const rows = await db.query<{ ref_id: string; type: number; amount: string }>(
    `SELECT ref_id, type, amount::text AS amount FROM bills
      WHERE ref_kind = 'options-order' AND type IN (312, 313) ORDER BY id`,
  );
  const map = new Map<string, [number, bigint][]>();
  for (const r of rows)
    map.set(r.ref_id, [...(map.get(r.ref_id) ?? []), [r.type, BigInt(r.amount)]]);
  return map;
}
