// The Db contract and the migration runner, on embedded PGlite and (when DATABASE_URL is set)
// on real PostgreSQL — the same assertions against both, so repositories can trust either.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { migrate } from "../../server/db/migrate";
import { readMigrations } from "../../server/db/migration-files";
import { claimInstance, InstanceModeError } from "../../server/db/repositories/instance-repository";
import { describePostgres, emptyDb, resetDb, usePglite } from "./helpers/test-db";

const getPglite = usePglite();

/** The assertions every Db implementation must pass. */
function dbContract(getDb: () => Db) {
  it("runs parameterised queries and returns rows", async () => {
    const rows = await getDb().query<{ a: number; b: string; c: boolean }>(
      "SELECT $1::int AS a, $2::text AS b, $3::boolean AS c",
      [7, "x'; DROP TABLE instance; --", true],
    );
    expect(rows).toEqual([{ a: 7, b: "x'; DROP TABLE instance; --", c: true }]);
  });

  it("returns int8 and numeric as exact strings, never lossy numbers", async () => {
    const [row] = await getDb().query<{ big: unknown; num: unknown }>(
      "SELECT $1::int8 AS big, '123456789012345678.000001'::numeric AS num",
      ["9007199254740993"],
    );
    expect(row).toEqual({ big: "9007199254740993", num: "123456789012345678.000001" });
  });

  it("returns timestamptz as Date and date as text", async () => {
    const [row] = await getDb().query<{ t: unknown; d: unknown }>(
      "SELECT '2024-01-02T03:04:05Z'::timestamptz AS t, '2024-01-02'::date AS d",
    );
    expect(row?.t).toEqual(new Date("2024-01-02T03:04:05Z"));
    expect(row?.d).toBe("2024-01-02");
  });

  it("commits a transaction that resolves and rolls back one that throws", async () => {
    const db = getDb();
    // A real table, not TEMP: TEMP tables are per connection and a pool has several.
    await db.exec("DROP TABLE IF EXISTS contract_t; CREATE TABLE contract_t (v int NOT NULL)");
    const result = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO contract_t (v) VALUES ($1)", [1]);
      return "done";
    });
    expect(result).toBe("done");
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO contract_t (v) VALUES ($1)", [2]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO contract_t (v) VALUES ($1)", [3]);
        await tx.query("INSERT INTO contract_t (v) VALUES (NULL)");
      }),
    ).rejects.toThrow(/null value/);
    expect(await db.query("SELECT v FROM contract_t ORDER BY v")).toEqual([{ v: 1 }]);
    await db.exec("DROP TABLE contract_t");
  });

  it("notifies a transaction's payloads in order after it commits, never after a rollback", async () => {
    const db = getDb();
    const heard: string[] = [];
    const unlisten = await db.listen("contract_ch", (p) => heard.push(p));
    try {
      await db.transaction(async (tx) => {
        await tx.notify("contract_ch", ["1:1", "1:2"]);
        await tx.notify("contract_ch", ["2:1"]);
        // Not before commit: nothing is sent while the transaction is open.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toEqual([]);
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.notify("contract_ch", ["rolled:back"]);
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
      await db.notify("contract_ch", ["outside:1"]);
      await expect.poll(() => heard.length).toBe(4);
      expect(heard).toEqual(["1:1", "1:2", "2:1", "outside:1"]);
      // Payloads are inlined in SQL, so anything but plain ids is refused, and nothing is sent.
      await expect(db.notify("contract_ch", ["x'); DROP TABLE instance; --"])).rejects.toThrow(
        /Invalid notification payload/,
      );
    } finally {
      await unlisten();
    }
  });

  it("refuses to use a transaction handle after its transaction ended", async () => {
    let leaked: Parameters<Parameters<Db["transaction"]>[0]>[0] | undefined;
    await getDb().transaction(async (tx) => {
      leaked = tx;
    });
    expect(() => leaked?.query("SELECT 1")).toThrow(/Transaction already finished/);
  });
}

/** The migration runner on a freshly reset database. */
function migrationSuite(getDb: () => Db) {
  beforeAll(async () => {
    await resetDb(getDb());
  });

  it("has applied every migration once, recorded with its checksum", async () => {
    const files = await readMigrations();
    const rows = await getDb().query<{ version: number; name: string; checksum: string }>(
      "SELECT version, name, checksum FROM schema_migrations ORDER BY version",
    );
    expect(rows).toEqual(files.map(({ version, name, checksum }) => ({ version, name, checksum })));
  });

  it("is a no-op the second time", async () => {
    const before = await getDb().query("SELECT * FROM schema_migrations ORDER BY version");
    expect(await migrate(getDb())).toEqual({ applied: [] });
    expect(await getDb().query("SELECT * FROM schema_migrations ORDER BY version")).toEqual(before);
    expect(await getDb().query("SELECT count(*)::int AS n FROM instance")).toEqual([{ n: 1 }]);
  });

  it("applies a new migration, and rolls back a failing one completely", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "quanta-migrations-"));
    for (const m of await readMigrations()) writeFileSync(path.join(dir, m.name), m.sql);
    const next = String((await readMigrations()).length + 1).padStart(3, "0");
    writeFileSync(
      path.join(dir, `${next}_broken.sql`),
      "CREATE TABLE half_done (id int); INSERT INTO nowhere VALUES (1);",
    );
    await expect(migrate(getDb(), { dir })).rejects.toThrow(
      new RegExp(`Migration ${next}_broken.sql failed: .*nowhere`),
    );
    const halfDone = await getDb().query("SELECT to_regclass('half_done') AS t");
    expect(halfDone).toEqual([{ t: null }]);

    writeFileSync(path.join(dir, `${next}_broken.sql`), "CREATE TABLE half_done (id int);");
    expect(await migrate(getDb(), { dir })).toEqual({ applied: [`${next}_broken.sql`] });
    await resetDb(getDb());
  });

  it("refuses to run when an applied migration was edited", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "quanta-migrations-"));
    for (const m of await readMigrations()) writeFileSync(path.join(dir, m.name), `${m.sql}\n-- x`);
    await expect(migrate(getDb(), { dir })).rejects.toThrow(/was edited after it was applied/);
  });

  it("refuses to run when the database is newer than the code", async () => {
    await getDb().query(
      "INSERT INTO schema_migrations (version, name, checksum) VALUES (999, '999_future.sql', 'x')",
    );
    try {
      await expect(migrate(getDb())).rejects.toThrow(/999_future.sql.*does not know/);
    } finally {
      await resetDb(getDb());
    }
  });

  it("claims the instance for one mode; the other mode is refused", async () => {
    const first = await claimInstance(getDb(), "demo");
    expect(first).toMatchObject({ mode: "demo" });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await claimInstance(getDb(), "demo")).toEqual(first);
    await expect(claimInstance(getDb(), "production")).rejects.toThrow(InstanceModeError);
    // The database itself refuses too, whatever code runs against it.
    await expect(getDb().query("UPDATE instance SET mode = 'production'")).rejects.toThrow(
      /never changes/,
    );
    await expect(getDb().query("DELETE FROM instance")).rejects.toThrow(/never deleted/);
    await expect(getDb().query("INSERT INTO instance DEFAULT VALUES")).rejects.toThrow(/unique/i);
  });
}

describe("PGlite (in memory)", () => {
  describe("Db contract", () => dbContract(getPglite));
  describe("migrations", () => migrationSuite(getPglite));
});

describePostgres(
  "PostgreSQL",
  ({ db, schema }) => {
    describe("Db contract", () => dbContract(db));
    describe("migrations", () => migrationSuite(db));

    it("applies each migration exactly once when several servers start at the same time", async () => {
      await emptyDb(db());
      const runners = [schema().open(), schema().open(), schema().open(), schema().open()];
      const results = await Promise.all(runners.map((runner) => migrate(runner)));
      const appliedByAll = results.flatMap((r) => r.applied).sort();
      expect(appliedByAll).toEqual((await readMigrations()).map((m) => m.name));
      expect(await db().query("SELECT count(*)::int AS n FROM instance")).toEqual([{ n: 1 }]);
    });
  },
  { migrate: true },
);
