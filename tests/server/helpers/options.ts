// Options settlement test helpers: a feed whose ticks the test writes (through the real
// MarketFeed, so they are numbered, chained and recorded as the market records them), and —
// until placement (POST /options/orders) is on main — orders bought by a small fixture that
// debits the stake and fee through the real ledger and inserts the row as placement would.
import type { Db, Queryable } from "../../../server/db/db";
import { userBalances } from "../../../server/db/repositories/ledger-account-repository";
import { credit, debit } from "../../../server/domain/ledger/operations";
import { recordOptionsOrder } from "../../../server/domain/options/options-order-view";
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

export interface TestOption {
  userId: string;
  symbol?: string;
  direction: "up" | "down";
  seconds: number;
  /** USDT units. */
  stake: bigint;
  fee?: bigint;
  payoutRate?: string;
  /** Acceptance time, epoch ms. */
  timeMs: number;
}

/**
 * The purchase as placement does it (stake 311 to the options pool, fee 314 to fees, bills
 * referring to the order, the row, its change-log put), in one transaction. Answers the id.
 */
export async function buyTestOption(db: Db, o: TestOption): Promise<string> {
  return db.transaction(async (tx) => {
    const [next] = await tx.query<{ id: string }>(
      "SELECT nextval(pg_get_serial_sequence('options_orders', 'id'))::text AS id",
    );
    const id = next?.id ?? "";
    const posted = await debit(tx, {
      kind: "options-purchase",
      reference: `option ${id}`,
      ref: { kind: "options-order", id },
      userId: o.userId,
      asset: "USDT",
      amount: o.stake,
      billType: 311,
      to: "options-pool",
      fee: { amount: o.fee ?? 0n, billType: 314 },
    });
    await tx.query(
      `INSERT INTO options_orders (id, user_id, symbol, direction, seconds, stake, fee,
         payout_rate, time, expires_at, purchase_transaction_id)
       OVERRIDING SYSTEM VALUE
       VALUES ($1, $2, $3, $4, $5::int, $6, $7, $8, to_timestamp($9::numeric / 1000),
               to_timestamp($9::numeric / 1000) + make_interval(secs => $5::int), $10)`,
      [
        id,
        o.userId,
        o.symbol ?? "BTC/USDT",
        o.direction,
        o.seconds,
        o.stake.toString(),
        (o.fee ?? 0n).toString(),
        o.payoutRate ?? "0.85",
        o.timeMs,
        posted.transactionId,
      ],
    );
    await recordOptionsOrder(tx, id);
    return id;
  });
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
