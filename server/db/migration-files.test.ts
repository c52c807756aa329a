import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, readMigrations } from "./migration-files";

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "quanta-migrations-"));
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe("readMigrations", () => {
  it("reads the real migrations in order, numbered from 001", async () => {
    const migrations = await readMigrations();
    const sqlFiles = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql"));
    expect(migrations.map((m) => m.name)).toEqual(sqlFiles.sort());
    expect(migrations[0]).toMatchObject({ version: 1, name: "001_instance.sql" });
    expect(migrations.every((m) => /^[0-9a-f]{64}$/.test(m.checksum))).toBe(true);
  });

  it("sorts by number, ignores non-SQL files and normalises line endings", async () => {
    const dir = dirWith({
      "002_b.sql": "SELECT 2;\r\n",
      "001_a.sql": "SELECT 1;\n",
      "README.md": "notes",
    });
    const migrations = await readMigrations(dir);
    expect(migrations.map((m) => [m.version, m.name, m.sql])).toEqual([
      [1, "001_a.sql", "SELECT 1;\n"],
      [2, "002_b.sql", "SELECT 2;\n"],
    ]);
  });

  it("gives equal checksums for equal SQL whatever the line endings", async () => {
    const [crlf] = await readMigrations(dirWith({ "001_a.sql": "SELECT 1;\r\n" }));
    const [lf] = await readMigrations(dirWith({ "001_a.sql": "SELECT 1;\n" }));
    expect(crlf?.checksum).toBe(lf?.checksum);
  });

  it.each(["1_a.sql", "001-a.sql", "001_A.sql", "001_.sql", "abc.sql"])(
    "rejects the misnamed file %s",
    async (name) => {
      await expect(readMigrations(dirWith({ [name]: "" }))).rejects.toThrow(/misnamed/);
    },
  );

  it("rejects gaps and duplicate numbers", async () => {
    await expect(readMigrations(dirWith({ "001_a.sql": "", "003_c.sql": "" }))).rejects.toThrow(
      /expected 002 but found "003_c.sql"/,
    );
    await expect(readMigrations(dirWith({ "001_a.sql": "", "001_b.sql": "" }))).rejects.toThrow(
      /expected 002 but found "001_b.sql"/,
    );
  });
});
