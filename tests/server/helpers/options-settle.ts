// A test stand-in for the settlement worker: settles one order from the recorded ticks by the
// pure rule (protocol/options.ts settleOption) and writes what the worker writes — the posting
// (win 312 stake + profit and tie 313 stake from the options pool; void 313 stake and 313 fee
// back; lose nothing), the settlement columns and the change-log put. For tests of what reads
// settled orders (income, lists) without the worker's timing.
import { formatTickTime } from "../../../protocol/market";
import { settleOption, type OptionsOrder, type OptionTick } from "../../../protocol/options";
import type { Db } from "../../../server/db/db";
import { postTransaction, type Leg } from "../../../server/domain/ledger/post-transaction";
import { recordOptionsOrder } from "../../../server/domain/options/options-order-view";

interface OrderRow {
  user_id: string;
  symbol: string;
  direction: "up" | "down";
  stake: string;
  fee: string;
  payout_rate: string;
  time: Date;
  expires_at: Date;
}

export async function settleByRule(db: Db, orderId: string): Promise<OptionsOrder> {
  return db.transaction(async (tx) => {
    const [o] = await tx.query<OrderRow>(
      `SELECT user_id::text AS user_id, symbol, direction, stake::text AS stake, fee::text AS fee,
              payout_rate::text AS payout_rate, time, expires_at
         FROM options_orders WHERE id = $1 AND result IS NULL FOR UPDATE`,
      [orderId],
    );
    if (o === undefined) throw new Error(`option ${orderId} is not open`);
    const ticks = await tx.query<{ seq: string; price: string; ts_ms: string; hash: string }>(
      `SELECT seq::text AS seq, price::text AS price,
              ((extract(epoch FROM ts) * 1000)::int8)::text AS ts_ms, hash
         FROM ticks WHERE symbol = $1 AND ts > $2 AND ts <= $3`,
      [o.symbol, o.time, o.expires_at],
    );
    const recorded: OptionTick[] = ticks.map((t) => ({
      seq: t.seq,
      price: t.price,
      ts: formatTickTime(Number(t.ts_ms)),
      hash: t.hash,
    }));
    const stake = BigInt(o.stake);
    const fee = BigInt(o.fee);
    const s = settleOption(
      {
        direction: o.direction,
        stake,
        fee,
        payoutRate: o.payout_rate,
        time: formatTickTime(o.time.getTime()),
        expiresAt: formatTickTime(o.expires_at.getTime()),
      },
      recorded,
    );
    const ref = { kind: "options-order", id: orderId };
    const back = (from: "options-pool" | "fees", amount: bigint, type: 312 | 313): Leg[] => [
      { account: { system: from, asset: "USDT" }, bucket: "available", amount: -amount },
      {
        account: { userId: o.user_id, asset: "USDT" },
        bucket: "available",
        amount,
        bill: { type, ref },
      },
    ];
    const legs =
      s.result === "win"
        ? back("options-pool", s.returned, 312)
        : s.result === "tie"
          ? back("options-pool", stake, 313)
          : s.result === "void"
            ? [...back("options-pool", stake, 313), ...(fee > 0n ? back("fees", fee, 313) : [])]
            : [];
    const posted =
      legs.length === 0
        ? null
        : await postTransaction(tx, {
            kind: "options-settlement",
            reference: `options order ${orderId} settled`,
            legs,
          });
    await tx.query(
      `UPDATE options_orders SET result = $2, entry_seq = $3, exit_seq = $4, profit = $5,
              settled_at = now(), settlement_transaction_id = $6
        WHERE id = $1`,
      [
        orderId,
        s.result,
        s.entry?.seq ?? null,
        s.exit?.seq ?? null,
        s.profit.toString(),
        posted?.transactionId ?? null,
      ],
    );
    return recordOptionsOrder(tx, orderId);
  });
}
