// The sealer (migration 008, domain/ledger/seal-ledger.ts): postings commit unsealed, and sealing
// gives them gap-free chain positions and brings the system accounts up to date. PGlite for the
// rules, PostgreSQL (DATABASE_URL) for sealers racing each other and the postings.
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { credit, deduct, freeze } from "../../server/domain/ledger/operations";
import { sealAll, sealBatch, startLedgerSealer } from "../../server/domain/ledger/seal-ledger";
import { createUserSession } from "./helpers/sessions";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";

const USDT = 1_000_000n;
const common = { kind: "test", reference: "seal" };

function fund(db: Db, userId: string, amount: bigint) {
  return db.transaction((tx) =>
    credit(tx, { ...common, userId, asset: "USDT", amount, billType: 106, from: "demo-issuer" }),
  );
}

/** A freeze deducted to "withdrawals" with a fee: system legs in two system accounts. */
async function withdraw(db: Db, userId: string, amount: bigint): Promise<void> {
  const frozen = await db.transaction((tx) =>
    freeze(tx, { ...common, userId, asset: "USDT", amount: amount + 1n, billType: 201 }),
  );
  await db.transaction((tx) =>
    deduct(tx, {
      ...common,
      reservationId: frozen.reservationId ?? "",
      to: "withdrawals",
      billType: 203,
      fee: { amount: 1n, billType: 205 },
    }),
  );
}

async function systemBalance(db: Db, system: string): Promise<string | undefined> {
  const [row] = await db.query<{ available: string }>(
    "SELECT available::text FROM ledger_accounts WHERE system = $1 AND asset = 'USDT'",
    [system],
  );
  return row?.available;
}

async function chain(db: Db) {
  return db.query<{ seq: string; transaction_id: string }>(
    "SELECT seq::text, transaction_id::text FROM ledger_chain c ORDER BY c.seq",
  );
}

describe("sealing (PGlite)", () => {
  const db = usePglite();
  beforeEach(async () => {
    await resetDb(db());
  });

  it("postings wait unsealed; a seal chains them in id order and settles the system accounts", async () => {
    const { userId } = await createUserSession(db());
    await fund(db(), userId, 100n * USDT);
    await withdraw(db(), userId, 10n * USDT);
    // Committed, user balances final, system balances and the chain not yet.
    expect(await systemBalance(db(), "demo-issuer")).toBe("0");
    expect(await chain(db())).toEqual([]);
    const unsealedTail = await checkLedger(db(), { sealFirst: false });
    expect(unsealedTail).toMatchObject({ ok: true, transactions: "3" });

    expect(await sealBatch(db(), 2)).toBe(2);
    expect(await sealBatch(db(), 2)).toBe(1);
    expect(await sealBatch(db(), 2)).toBe(0);
    expect(await chain(db())).toEqual([
      { seq: "1", transaction_id: "1" },
      { seq: "2", transaction_id: "2" },
      { seq: "3", transaction_id: "3" },
    ]);
    expect(await systemBalance(db(), "demo-issuer")).toBe((-100n * USDT).toString());
    expect(await systemBalance(db(), "withdrawals")).toBe((10n * USDT).toString());
    expect(await systemBalance(db(), "fees")).toBe("1");
    expect(await checkLedger(db(), { sealFirst: false })).toMatchObject({
      ok: true,
      violations: [],
    });
  });

  it("a rolled-back posting leaves a gap in the ids, never in the chain", async () => {
    const { userId } = await createUserSession(db());
    await fund(db(), userId, 5n * USDT);
    await expect(
      db().transaction(async (tx) => {
        await credit(tx, {
          ...common,
          userId,
          asset: "USDT",
          amount: USDT,
          billType: 106,
          from: "demo-issuer",
        });
        throw new Error("the caller fails after posting");
      }),
    ).rejects.toThrow("the caller fails");
    await fund(db(), userId, 2n * USDT);
    await sealAll(db());
    expect(await chain(db())).toEqual([
      { seq: "1", transaction_id: "1" },
      { seq: "2", transaction_id: "3" },
    ]);
    expect(await checkLedger(db())).toMatchObject({ ok: true, transactions: "2" });
  });

  it("the running sealer chains new postings within its interval, and stops cleanly", async () => {
    const { userId } = await createUserSession(db());
    const errors: unknown[] = [];
    const sealer = startLedgerSealer(db(), { error: (e: unknown) => errors.push(e) }, 20);
    try {
      await fund(db(), userId, USDT);
      await expect.poll(async () => (await chain(db())).length, { timeout: 5_000 }).toBe(1);
      await withdraw(db(), userId, USDT / 2n);
      await expect.poll(async () => (await chain(db())).length, { timeout: 5_000 }).toBe(3);
    } finally {
      await sealer.stop();
    }
    expect(errors).toEqual([]);
    expect(await checkLedger(db(), { sealFirst: false })).toMatchObject({ ok: true });
  });
});

describePostgres(
  "sealing while postings commit",
  (pg) => {
    it("sealers in three processes racing 208 postings seal each exactly once, gap-free", async () => {
      const pools = [pg.db(), pg.schema().open(), pg.schema().open()];
      const users = await Promise.all(
        Array.from({ length: 8 }, async () => (await createUserSession(pg.db())).userId),
      );
      await Promise.all(users.map((userId) => fund(pg.db(), userId, 1_000n * USDT)));
      let posting = true;
      const sealed: number[] = [];
      const sealers = pools.map(async (db) => {
        while (posting) sealed.push(await sealBatch(db, 7));
      });
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          withdraw(pools[i % pools.length] as Db, users[i % users.length] ?? "", USDT),
        ),
      );
      posting = false;
      await Promise.all(sealers);
      await sealAll(pg.db());
      const links = await chain(pg.db());
      expect(links.map((l) => l.seq)).toEqual(links.map((_, i) => String(i + 1)));
      expect(new Set(links.map((l) => l.transaction_id)).size).toBe(links.length);
      // 8 fundings + 100 × (freeze + deduct), each sealed once, some while the rest committed.
      expect(links.length).toBe(208);
      expect(sealed.some((n) => n > 0)).toBe(true);
      expect(await systemBalance(pg.db(), "withdrawals")).toBe((100n * USDT).toString());
      expect(await systemBalance(pg.db(), "fees")).toBe("100");
      const report = await checkLedger(pg.db(), { sealFirst: false });
      expect(report.violations).toEqual([]);
    });
  },
  { migrate: true },
);
