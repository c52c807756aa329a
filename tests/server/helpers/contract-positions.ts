// Contract positions for the worker's tests, written through the foundation's postings and order
// repository (server/domain/contract/contract-postings.ts, contract-order-repository.ts) exactly
// as placing writes them — margin frozen (103), fee paid (301) or frozen, the row, its change-log
// put and the notification — at a chosen entry price and opening tick, so a test decides which
// recorded ticks come after the opening. Rates are the demo's (fee 0.05 %, maintenance 0.5 %).
import {
  contractFee,
  contractMargin,
  liquidationPrice,
  type ContractDirection,
  type ContractOrder,
} from "../../../protocol/contract";
import { parseUnits } from "../../../protocol/decimal";
import type { Rate } from "../../../protocol/spot-rules";
import type { Db, Queryable } from "../../../server/db/db";
import {
  findContractOrder,
  insertContractOrder,
  nextContractOrderId,
  notifyContractOrder,
} from "../../../server/db/repositories/contract-order-repository";
import {
  recordContractOrder,
  rulesOf,
  toContractOrder,
} from "../../../server/domain/contract/contract-order-view";
import { freezeLimit, postMarketOpen } from "../../../server/domain/contract/contract-postings";

export const FEE_RATE: Rate = { num: 5n, den: 10_000n };
export const MMR: Rate = { num: 5n, den: 1_000n };

export interface TestPosition {
  userId: string;
  symbol?: string;
  direction: ContractDirection;
  leverage: number;
  /** Base coin, e.g. "0.01". */
  quantity: string;
  /** USDT per coin, e.g. "67000.00": the entry (a market order) or the limit price (waiting). */
  price: string;
  takeProfit?: string;
  stopLoss?: string;
  /** The opening tick's seq (a position); absent: a waiting limit order. */
  openTickSeq?: string;
  /** False: commit without the notification (a worker that heard nothing of it). */
  notify?: boolean;
  timeMs?: number;
}

const usdtPrice = (s: string) => parseUnits(s, 6);

/** Opens a position (openTickSeq given) or places a waiting limit order; answers its view. */
export async function insertPosition(db: Db, p: TestPosition): Promise<ContractOrder> {
  const symbol = p.symbol ?? "BTC/USDT";
  const rules = rulesOf(symbol);
  const price = usdtPrice(p.price);
  const quantity = parseUnits(p.quantity, rules.baseScale);
  const margin = contractMargin(price, quantity, p.leverage, rules);
  const fee = contractFee(price, quantity, FEE_RATE, rules);
  const timeMs = p.timeMs ?? Date.now();
  return db.transaction(async (tx) => {
    const id = await nextContractOrderId(tx);
    const order = { id, userId: p.userId, margin, fee };
    const base = {
      id,
      userId: p.userId,
      symbol,
      direction: p.direction,
      leverage: p.leverage,
      quantity,
      price,
      margin,
      openFee: fee,
      liquidationPrice: liquidationPrice(p.direction, price, p.leverage, MMR, rules),
      feeRate: "0.0005",
      maintenanceMarginRate: "0.005",
      takeProfit: p.takeProfit === undefined ? null : usdtPrice(p.takeProfit),
      stopLoss: p.stopLoss === undefined ? null : usdtPrice(p.stopLoss),
      timeMs,
    };
    if (p.openTickSeq !== undefined) {
      const opened = await postMarketOpen(tx, order);
      await insertContractOrder(tx, {
        ...base,
        type: 0,
        marginReservationId: opened.marginReservationId,
        feeReservationId: null,
        opened: { transactionId: opened.transactionId, tickSeq: p.openTickSeq },
      });
    } else {
      const frozen = await freezeLimit(tx, order);
      await insertContractOrder(tx, { ...base, type: 1, ...frozen, opened: null });
    }
    if (p.notify !== false) await notifyContractOrder(tx, id);
    return recordContractOrder(tx, id);
  });
}

/** The order as the API answers it now. */
export async function contractOrder(db: Queryable, id: string): Promise<ContractOrder> {
  const row = await findContractOrder(db, id);
  if (row === null) throw new Error(`no contract order ${id}`);
  return toContractOrder(row);
}

/** The order's bills, oldest first: [type, amount in USDT units]. */
export async function contractBills(db: Queryable, id: string): Promise<[number, bigint][]> {
  const rows = await db.query<{ type: number; amount: string }>(
    `SELECT type, amount::text AS amount FROM bills
      WHERE ref_kind = 'contract-order' AND ref_id = $1 ORDER BY id`,
    [id],
  );
  return rows.map((r) => [r.type, BigInt(r.amount)]);
}

/** The order's change-log puts, oldest first (what the app's sync receives). */
export async function contractPuts(db: Queryable, id: string): Promise<ContractOrder[]> {
  const rows = await db.query<{ data: ContractOrder | string }>(
    `SELECT data FROM change_log WHERE entity = 'contract-order' AND entity_id = $1 ORDER BY seq`,
    [id],
  );
  return rows.map((r) =>
    typeof r.data === "string" ? (JSON.parse(r.data) as ContractOrder) : r.data,
  );
}

/** Waits (polling) until `done` holds: notifications arrive a moment after their commit. */
export async function eventually(
  done: () => boolean | Promise<boolean>,
  ms = 10_000,
): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
