// Settled option rows for tests that read them (the verifier): bought with the real ledger
// (311 stake and 314 fee into the options pool and fees) and settled on the recorded ticks by
// THE rule (protocol settleOption), with the settlement postings of the shared interface (312,
// 313). Not the settlement worker: it writes exactly what a settlement must write, so a reader
// can be tested apart from the worker.
import { USDT_SCALE } from "../../../protocol/assets";
import { formatTickTime } from "../../../protocol/market";
import { settleOption, type OptionDirection } from "../../../protocol/options";
import { parseUnits } from "../../../protocol/decimal";
import type { Db } from "../../../server/db/db";
import { keepTicks, readTicks } from "../../../server/db/repositories/tick-repository";
import { credit, debit } from "../../../server/domain/ledger/operations";

const usdt = (value: string) => parseUnits(value, USDT_SCALE);

export async function demoFunds(db: Db, userId: string, amount: string): Promise<void> {
  await db.transaction((tx) =>
    credit(tx, {
      kind: "demo-credit",
      reference: `user ${userId}`,
      userId,
      asset: "USDT",
      amount: usdt(amount),
      billType: 106,
      from: "demo-issuer",
    }),
  );
}

export interface SettledOptionTerms {
  userId: string;
  symbol: string;
  direction: OptionDirection;
  seconds: number;
  /** USDT decimals. */
  stake: string;
  fee: string;
  payoutRate: string;
  timeMs: number;
}

/** Buys and settles one option in one transaction; returns its id and result. */
export async function recordSettledOption(db: Db, t: SettledOptionTerms) {
  return db.transaction(async (tx) => {
    const ref = `${t.userId}/${t.timeMs}`;
    const stake = usdt(t.stake);
    const fee = usdt(t.fee);
    const purchase = await debit(tx, {
      kind: "options-order",
      reference: ref,
      userId: t.userId,
      asset: "USDT",
      amount: stake,
      billType: 311,
      to: "options-pool",
      fee: { amount: fee, billType: 314 },
    });
    const expiresMs = t.timeMs + t.seconds * 1000;
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO options_orders (user_id, symbol, direction, seconds, stake, fee, payout_rate,
         time, expires_at, purchase_transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8::numeric / 1000),
         to_timestamp($9::numeric / 1000), $10) RETURNING id::text AS id`,
      [
        t.userId,
        t.symbol,
        t.direction,
        t.seconds,
        String(stake),
        String(fee),
        t.payoutRate,
        t.timeMs,
        expiresMs,
        purchase.transactionId,
      ],
    );
    if (row === undefined) throw new Error("no options_orders row");
    const ticks = await readTicks(tx, {
      symbol: t.symbol,
      fromMs: t.timeMs + 1,
      toMs: expiresMs,
      limit: 100_000,
    });
    const settled = settleOption(
      {
        direction: t.direction,
        stake,
        fee,
        payoutRate: t.payoutRate,
        time: formatTickTime(t.timeMs),
        expiresAt: formatTickTime(expiresMs),
      },
      ticks.map((k) => ({ seq: k.seq, price: k.price, ts: formatTickTime(k.tsMs), hash: k.hash })),
    );
    const back = (amount: bigint, billType: 312 | 313, from: "options-pool" | "fees") =>
      credit(tx, {
        kind: "options-settlement",
        reference: ref,
        ref: { kind: "options-order", id: row.id },
        userId: t.userId,
        asset: "USDT",
        amount,
        billType,
        from,
      });
    let settlementId: string | null = null;
    if (settled.result === "win")
      settlementId = (await back(settled.returned, 312, "options-pool")).transactionId;
    if (settled.result === "tie")
      settlementId = (await back(stake, 313, "options-pool")).transactionId;
    if (settled.result === "void") {
      settlementId = (await back(stake, 313, "options-pool")).transactionId;
      if (fee > 0n) await back(fee, 313, "fees");
    }
    await tx.query(
      `UPDATE options_orders SET result = $2, entry_seq = $3, exit_seq = $4, profit = $5,
         settled_at = to_timestamp($6::numeric / 1000), settlement_transaction_id = $7
       WHERE id = $1`,
      [
        row.id,
        settled.result,
        settled.entry?.seq ?? null,
        settled.exit?.seq ?? null,
        String(settled.profit),
        expiresMs + 500,
        settlementId,
      ],
    );
    if (settled.entry && settled.exit) {
      await keepTicks(tx, t.symbol, [settled.entry.seq, settled.exit.seq]);
    }
    return { id: row.id, result: settled.result };
  });
}
