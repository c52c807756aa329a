// ledger:check detects tampering: edits made directly in SQL, past the append-only
// triggers, are reported as violations — by the domain check, the admin endpoint and the CLI,
// which exits non-zero.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Db, Queryable } from "../../server/db/db";
import { migrate } from "../../server/db/migrate";
import { createPgliteDb } from "../../server/db/pglite-db";
import { listAssets } from "../../server/db/repositories/ledger-account-repository";
import { ASSET_SCALES } from "../../protocol/assets";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { credit, deduct, freeze } from "../../server/domain/ledger/operations";
import { sealAll } from "../../server/domain/ledger/seal-ledger";
import { ChildRunner } from "./helpers/child-process";
import { freePort, waitForOk, within } from "./helpers/net";
import { bearer, createUserSession } from "./helpers/sessions";
import { buildTestApp } from "./helpers/test-app";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
const runner = new ChildRunner();
afterAll(() => runner.killAll());

/** A small, sound ledger: a credit, a freeze that is deducted with a fee, an open freeze. */
async function seedLedger(db: Db): Promise<string> {
  const { userId } = await createUserSession(db);
  const common = { kind: "test", reference: "seed" };
  await db.transaction(async (tx) => {
    await credit(tx, {
      ...common,
      userId,
      asset: "USDT",
      amount: 5_000_000n,
      billType: 106,
      from: "demo-issuer",
    });
    const frozen = await freeze(tx, {
      ...common,
      userId,
      asset: "USDT",
      amount: 1_000_000n,
      billType: 201,
    });
    await deduct(tx, {
      ...common,
      reservationId: frozen.reservationId ?? "",
      to: "withdrawals",
      billType: 203,
      fee: { amount: 10_000n, billType: 205 },
    });
    await freeze(tx, { ...common, userId, asset: "USDT", amount: 2_000_000n, billType: 201 });
  });
  return userId;
}

/** Runs SQL with triggers and foreign keys off, as a superuser bypassing the schema would. */
async function tamper(db: Queryable, sql: string): Promise<void> {
  await db.exec(
    `SET session_replication_role = replica; ${sql}; SET session_replication_role = DEFAULT;`,
  );
}

describe("checkLedger", () => {
  beforeEach(async () => {
    await resetDb(getDb());
    await seedLedger(getDb());
    // Tampering below edits the chain as the sealer left it.
    await sealAll(getDb());
  });

  it("the code's asset scales are the migration's", async () => {
    const rows = await listAssets(getDb());
    expect(Object.fromEntries(rows.map((r) => [r.code, r.scale]))).toEqual(ASSET_SCALES);
  });

  it("passes a sound ledger", async () => {
    const report = await checkLedger(getDb());
    expect(report).toMatchObject({ ok: true, violations: [], transactions: "4" });
  });

  it("passes a longer ledger (ids past 9 chain in numeric order)", async () => {
    const { userId } = await createUserSession(getDb());
    for (let i = 0; i < 20; i++) {
      await getDb().transaction((tx) =>
        credit(tx, {
          kind: "test",
          reference: "more",
          userId,
          asset: "BTC",
          amount: 1n,
          billType: 106,
          from: "demo-issuer",
        }),
      );
    }
    expect(await checkLedger(getDb())).toMatchObject({ violations: [], transactions: "24" });
  });

  it("the schema refuses edits of ledger history", async () => {
    await expect(getDb().query("UPDATE ledger_entries SET amount = amount * 2")).rejects.toThrow(
      /append-only/,
    );
    await expect(getDb().query("DELETE FROM ledger_transactions WHERE id = 4")).rejects.toThrow(
      /append-only/,
    );
    await expect(
      getDb().query("UPDATE ledger_accounts SET available = -1 WHERE user_id IS NOT NULL"),
    ).rejects.toThrow(/check constraint/);
    // A reservation ends at most once, whatever the code does.
    await expect(
      getDb().query(
        "INSERT INTO ledger_reservation_ends (reservation_id, outcome, ended_by) VALUES (1, 'returned', 4)",
      ),
    ).rejects.toThrow(/duplicate key|unique/);
  });

  it("reports an entry whose amount was changed", async () => {
    await tamper(
      getDb(),
      "UPDATE ledger_entries SET amount = amount + 1 WHERE transaction_id = 1 AND leg = 1",
    );
    const { ok, violations } = await checkLedger(getDb());
    expect(ok).toBe(false);
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^transaction 1: hash does not match/),
        expect.stringMatching(/^transaction 1: legs in USDT sum to 1, not 0/),
        expect.stringMatching(/^account \d+: balance available .* but its entries sum to/),
        expect.stringMatching(/^bill \d+: does not match its ledger leg/),
      ]),
    );
  });

  it("reports a rewritten hash", async () => {
    await tamper(getDb(), `UPDATE ledger_chain SET hash = repeat('a', 64) WHERE seq = 2`);
    const { violations } = await checkLedger(getDb());
    expect(violations).toEqual([
      "transaction 2: hash does not match its contents (altered after posting)",
      "transaction 3: prev_hash does not match the hash of the transaction before it",
    ]);
  });

  it("reports a deleted transaction, with or without its link in the chain", async () => {
    await tamper(getDb(), "DELETE FROM ledger_transactions WHERE id = 2");
    expect((await checkLedger(getDb())).violations).toEqual(
      expect.arrayContaining([
        "1 links of the chain name a transaction that does not exist",
        "transaction 3: prev_hash does not match the hash of the transaction before it",
      ]),
    );
    await tamper(getDb(), "DELETE FROM ledger_chain WHERE seq = 2");
    expect((await checkLedger(getDb())).violations).toEqual(
      expect.arrayContaining([
        "the chain has gaps: 3 links with sequence numbers 1..4",
        "transaction 3: prev_hash does not match the hash of the transaction before it",
      ]),
    );
  });

  it("reports a transaction taken off the sealer's queue before it was sealed", async () => {
    const { userId } = await createUserSession(getDb());
    // Committed but not sealed: inserted and queued by the posting, then dequeued by hand.
    await getDb().transaction((tx) =>
      credit(tx, {
        kind: "test",
        reference: "unsealed",
        userId,
        asset: "USDT",
        amount: 1n,
        billType: 106,
        from: "demo-issuer",
      }),
    );
    await tamper(getDb(), "DELETE FROM ledger_unsealed");
    expect((await checkLedger(getDb())).violations).toEqual(
      expect.arrayContaining(["1 transactions are neither in the chain nor waiting to be sealed"]),
    );
  });

  it("reports balances, reservations and sums that drifted", async () => {
    await tamper(
      getDb(),
      `UPDATE ledger_accounts SET available = available + 7 WHERE system = 'fees' AND asset = 'USDT';
       DELETE FROM ledger_reservation_ends`,
    );
    const { violations } = await checkLedger(getDb());
    expect(violations).toEqual(
      expect.arrayContaining([
        "asset USDT: all accounts sum to 7 units, not 0",
        expect.stringMatching(/^account \d+: frozen 2000000 but open reservations sum to 3000000$/),
      ]),
    );
  });

  it("is served to operators at GET /admin/ledger/check", async () => {
    const app = await buildTestApp({ db: getDb() });
    try {
      const operator = await createUserSession(getDb(), { role: "operator" });
      const user = await createUserSession(getDb());
      const url = `${API_BASE}/admin/ledger/check`;
      const sound = await app.inject({ url, headers: bearer(operator) });
      expect(sound.json()).toMatchObject({
        HttpStatusCode: 200,
        Data: { ok: true, violations: [] },
      });
      expect((await app.inject({ url, headers: bearer(user) })).statusCode).toBe(403);
      expect((await app.inject({ url })).statusCode).toBe(401);
      await tamper(getDb(), `UPDATE ledger_chain SET hash = repeat('b', 64) WHERE seq = 4`);
      const broken = (await app.inject({ url, headers: bearer(operator) })).json<{
        Data: { ok: boolean; violations: string[] };
      }>();
      expect(broken.Data.ok).toBe(false);
      expect(broken.Data.violations).toContain(
        "transaction 4: hash does not match its contents (altered after posting)",
      );
    } finally {
      await app.close();
    }
  });
});

it("npm run ledger:check exits 0 on a sound ledger and 1 with the violations listed", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-ledger-"));
  const env = { DATA_DIR: dataDir, APP_DIST_DIR: path.join(dataDir, "no-dist"), LOG_LEVEL: "warn" };
  const open = async () => {
    const db = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
    await migrate(db);
    return db;
  };
  const cli = async () => {
    const run = runner.run("server/cli/ledger-check.ts", [], env);
    const code = await within(run.exited, 60_000, "ledger:check");
    return { code, ...run.output() };
  };
  const db = await open();
  await seedLedger(db);
  await sealAll(db);
  await db.close();

  const sound = await cli();
  expect(sound.code, sound.stderr).toBe(0);
  expect(sound.stdout).toContain("Ledger OK: 4 transactions");
  expect(sound.stderr).not.toContain("through the running server");

  // While a server holds the embedded database, the check goes through its admin socket.
  const port = await freePort();
  const server = runner.run("server/main.ts", [], { ...env, PORT: String(port) });
  try {
    await waitForOk(`http://127.0.0.1:${port}/health`, 40_000);
  } catch (err) {
    throw new Error(`${String(err)}\n${server.output().stderr}`, { cause: err });
  }
  const viaServer = await cli();
  expect(viaServer.code, viaServer.stderr).toBe(0);
  expect(viaServer.stderr).toContain("through the running server");
  expect(viaServer.stdout).toContain("Ledger OK: 4 transactions");
  server.child.kill("SIGTERM");
  expect(await within(server.exited, 10_000, "server shutdown")).toBe(0);

  const again = await open();
  await tamper(
    again,
    "UPDATE ledger_entries SET amount = amount - 1 WHERE transaction_id = 3 AND leg = 0",
  );
  await again.close();

  const broken = await cli();
  expect(broken.code).toBe(1);
  expect(broken.stderr).toContain("Ledger check FAILED");
  expect(broken.stderr).toContain("  - transaction 3: hash does not match its contents");
}, 180_000);
