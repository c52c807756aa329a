// What a posting's one statement (`ledger_post`, db/repositories/ledger-post-repository.ts) leaves
// behind: bills, their change-log entries (consecutive seqs in bill id order, the bill exactly as
// answered), one NOTIFY per entry after commit, and a sound ledger — and that it is one round
// trip, whatever the posting. Real PGlite.
import { beforeEach, expect, it } from "vitest";
import type { Queryable } from "../../server/db/db";
import { formatUnits } from "../../protocol/decimal";
import { insertWalletUser } from "../../server/db/repositories/user-repository";
import { CHANGE_CHANNEL } from "../../server/db/repositories/change-log-repository";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { credit, deduct, freeze } from "../../server/domain/ledger/operations";
import { postTransaction } from "../../server/domain/ledger/post-transaction";
import { resetDb, usePglite } from "./helpers/test-db";

const db = usePglite();

beforeEach(async () => {
  await resetDb(db());
});

/** Demo USDT (bill 106) for a test's user, in its own transaction. */
async function fundUsdt(userId: string, amount: bigint): Promise<void> {
  await db().transaction((tx) =>
    credit(tx, {
      kind: "demo-credit",
      reference: "f",
      userId,
      asset: "USDT",
      amount,
      billType: 106,
      from: "demo-issuer",
    }),
  );
}

async function newUser(code: string): Promise<string> {
  const user = await insertWalletUser(db(), {
    address: `0x${Buffer.from(code).toString("hex").padStart(40, "0")}`,
    inviteCode: code,
    referrerId: null,
  });
  if (user === null) throw new Error("no user");
  return user.id;
}

it("appends each bill to the change log once, in bill order, as the posting answered it", async () => {
  const userId = await newUser("WRITES01");
  const payloads: string[] = [];
  const unlisten = await db().listen(CHANGE_CHANNEL, (p) => payloads.push(p));
  try {
    const funded = await db().transaction((tx) =>
      credit(tx, {
        kind: "demo-credit",
        reference: 'funding "quoted" \\ ünïcode ✓',
        userId,
        asset: "USDT",
        amount: 10_000_000n,
        billType: 106,
        from: "demo-issuer",
      }),
    );
    const frozen = await db().transaction((tx) =>
      freeze(tx, {
        kind: "withdraw",
        reference: "w1",
        userId,
        asset: "USDT",
        amount: 3_000_000n,
        billType: 201,
      }),
    );
    const deducted = await db().transaction((tx) =>
      deduct(tx, {
        kind: "withdraw",
        reference: "w1",
        reservationId: frozen.reservationId ?? "",
        to: "withdrawals",
        billType: 203,
        fee: { amount: 500_000n, billType: 205 },
      }),
    );
    const bills = [...funded.bills, ...frozen.bills, ...deducted.bills];
    expect(bills.map((b) => [b.type, b.amount, b.balanceAfter])).toEqual([
      [106, "10", "10"],
      [201, "-3", "7"],
      [203, "-2.5", "7"],
      [205, "-0.5", "7"],
    ]);
    expect(deducted.bills.map((b) => b.ref)).toEqual([
      { kind: "withdraw", id: deducted.transactionId },
      { kind: "withdraw", id: deducted.transactionId },
    ]);
    const log = await db().query<{ seq: string; entity_id: string; data: unknown }>(
      "SELECT seq, entity_id, data FROM change_log WHERE user_id = $1 AND entity = 'bill' ORDER BY seq",
      [userId],
    );
    expect(log.map((row) => row.data)).toEqual(bills);
    expect(log.map((row) => row.entity_id)).toEqual(bills.map((b) => b.id));
    const seqs = log.map((row) => Number(row.seq));
    expect(seqs.slice(1).map((s, i) => s - (seqs[i] ?? 0))).toEqual([1, 1, 1]);
    const [head] = await db().query<{ seq: string }>(
      "SELECT seq FROM change_heads WHERE user_id = $1",
      [userId],
    );
    expect(head?.seq).toBe(log.at(-1)?.seq);
    await expect
      .poll(() => payloads.filter((p) => p.startsWith(`${userId}:`)).length)
      .toBeGreaterThanOrEqual(4);
    for (const row of log) expect(payloads).toContain(`${userId}:${row.seq}`);
  } finally {
    await unlisten();
  }
  const report = await checkLedger(db());
  expect(report.violations).toEqual([]);
});

it("a posting ending an ended reservation is 409 (not a frozen shortfall) and writes nothing", async () => {
  const userId = await newUser("WRITES02");
  await fundUsdt(userId, 5_000_000n);
  const frozen = await db().transaction((tx) =>
    freeze(tx, {
      kind: "withdraw",
      reference: "w",
      userId,
      asset: "USDT",
      amount: 1_000_000n,
      billType: 201,
    }),
  );
  const end = () =>
    db().transaction((tx) =>
      deduct(tx, {
        kind: "withdraw",
        reference: "w",
        reservationId: frozen.reservationId ?? "",
        to: "withdrawals",
        billType: 203,
      }),
    );
  await end();
  const count = async () =>
    (
      await db().query<{ n: string }>(
        `SELECT (SELECT count(*) FROM change_log) || '/' || (SELECT count(*) FROM ledger_transactions)
                || '/' || (SELECT count(*) FROM ledger_unsealed) AS n`,
      )
    )[0]?.n;
  const before = await count();
  // Straight to the posting, past operations.ts's early look: the check under the locks refuses.
  const account = { userId, asset: "USDT" };
  await expect(
    db().transaction((tx) =>
      postTransaction(tx, {
        kind: "withdraw",
        reference: "again",
        legs: [
          { account, bucket: "frozen", amount: -1_000_000n, bill: { type: 203 } },
          {
            account: { system: "withdrawals", asset: "USDT" },
            bucket: "available",
            amount: 1_000_000n,
          },
        ],
        ends: { reservationId: frozen.reservationId ?? "", outcome: "deducted" },
      }),
    ),
  ).rejects.toMatchObject({ code: "CONFLICT", params: { conflict: "reservation-ended" } });
  expect(await count()).toBe(before);
  expect((await checkLedger(db())).ok).toBe(true);
});

/** The statements a posting sends through the db layer (its round trips), in order. */
function counting(tx: Queryable): { tx: Queryable; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    tx: {
      query: (sql, params) => {
        sent.push(sql.trim().split(/\s+/).slice(0, 2).join(" "));
        return tx.query(sql, params);
      },
      exec: (sql) => {
        sent.push(sql);
        return tx.exec(sql);
      },
      notify: (channel, payloads) => tx.notify(channel, payloads),
    },
  };
}

it("a posting is one round trip: freeze, deduct with a fee and a many-user posting each one call", async () => {
  const [a, b] = [await newUser("TRIPS001"), await newUser("TRIPS002")];
  // First postings: the users have no change log yet, which costs a second call (and the log).
  for (const userId of [a, b]) {
    await fundUsdt(userId, 9_000_000n);
  }
  const frozen = await db().transaction(async (inner) => {
    const { tx, sent } = counting(inner);
    const posted = await freeze(tx, {
      kind: "withdraw",
      reference: "w",
      userId: a,
      asset: "USDT",
      amount: 2_000_000n,
      billType: 201,
    });
    expect(sent).toEqual(["SELECT ledger_post($1,"]);
    return posted;
  });
  await db().transaction(async (inner) => {
    const { tx, sent } = counting(inner);
    await deduct(tx, {
      kind: "withdraw",
      reference: "w",
      reservationId: frozen.reservationId ?? "",
      to: "withdrawals",
      billType: 203,
      fee: { amount: 100_000n, billType: 205 },
    });
    // The reservation's facts (its amount makes the legs), then the posting.
    expect(sent).toEqual(["SELECT r.id,", "SELECT ledger_post($1,"]);
  });
  await db().transaction(async (inner) => {
    const { tx, sent } = counting(inner);
    const posted = await postTransaction(tx, {
      kind: "transfer",
      reference: "a to b, in BTC too",
      legs: [
        {
          account: { userId: b, asset: "USDT" },
          bucket: "available",
          amount: -1n,
          bill: { type: 206 },
        },
        {
          account: { userId: a, asset: "USDT" },
          bucket: "available",
          amount: 1n,
          bill: { type: 207 },
        },
        { account: { system: "broker", asset: "BTC" }, bucket: "available", amount: -5n },
        {
          account: { userId: b, asset: "BTC" },
          bucket: "available",
          amount: 5n,
          bill: { type: 209 },
        },
      ],
    });
    // Even with an account created on the way (b's BTC), one call.
    expect(sent).toEqual(["SELECT ledger_post($1,"]);
    expect(posted.bills.map((bill) => [bill.type, bill.amount, bill.balanceAfter])).toEqual([
      [206, "-0.000001", formatUnits(8_999_999n, 6)],
      [207, "0.000001", formatUnits(7_000_001n, 6)],
      [209, "0.00000005", "0.00000005"],
    ]);
  });
  expect((await checkLedger(db())).violations).toEqual([]);
});

it("refuses an overdraft before writing, as an answer that leaves the transaction usable", async () => {
  const userId = await newUser("TRIPS003");
  await fundUsdt(userId, 1_500_000n);
  const answer = await db().transaction(async (tx) => {
    const refused = await freeze(tx, {
      kind: "withdraw",
      reference: "too much",
      userId,
      asset: "USDT",
      amount: 2_000_000n,
      billType: 201,
    }).catch((err: unknown) => err);
    // The caller caught the refusal; its transaction still works.
    const [row] = await tx.query<{ n: string }>("SELECT count(*)::text AS n FROM bills");
    return { refused, bills: row?.n };
  });
  expect(answer.refused).toMatchObject({
    code: "INSUFFICIENT_BALANCE",
    params: { asset: "USDT", available: "1.5", needed: "2" },
  });
  expect(answer.bills).toBe("1");
});
