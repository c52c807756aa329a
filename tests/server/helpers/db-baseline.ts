// A freshly migrated database's content, kept so that resetDb can return a database to it with
// a DELETE per table and a few inserts instead of dropping the schema and running every
// migration again (~600 ms on PGlite, once per test in ~60 files).
//
// Only rows and sequences are restored. A test that changes the schema itself (a trigger added
// to make a write fail, one dropped) changes the schema's fingerprint, and resetDb then migrates
// from an empty schema as before, so such a test cannot leak into the next one.
import type { Db, Queryable } from "../../../server/db/db";

export interface DbBaseline {
  /** The schema's shape when the baseline was taken: see schemaFingerprint. */
  fingerprint: string;
  /** Every table of the schema, quoted. */
  tables: string[];
  /** The tables that held rows after migrating (seeded by migrations), as JSON. */
  rows: { table: string; json: string }[];
  /** Every sequence's position, identity columns' included. */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

const SCHEMA = "current_schema()::regnamespace";

/**
 * One text that changes whenever a table, column, default, constraint, index, view, trigger or
 * function of the current schema is added, dropped, renamed, altered, enabled or disabled
 * (foreign keys' internal triggers are left out: their names carry OIDs, their constraints are in).
 */
export async function schemaFingerprint(db: Queryable): Promise<string> {
  const [row] = await db.query<{ fingerprint: string | null }>(`
    SELECT md5(string_agg(part, ',' ORDER BY part)) AS fingerprint FROM (
      SELECT concat_ws(':', 'r', relname, relkind,
                       CASE WHEN relkind = 'i' THEN pg_get_indexdef(oid)
                            WHEN relkind IN ('v', 'm') THEN pg_get_viewdef(oid) END) AS part
        FROM pg_class WHERE relnamespace = ${SCHEMA}
      UNION ALL
      SELECT concat_ws(':', 'a', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                       a.attnotnull, a.attidentity, a.attgenerated)
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       WHERE c.relnamespace = ${SCHEMA} AND a.attnum > 0 AND NOT a.attisdropped
      UNION ALL
      SELECT concat_ws(':', 'd', c.relname, d.adnum, pg_get_expr(d.adbin, d.adrelid))
        FROM pg_attrdef d JOIN pg_class c ON c.oid = d.adrelid WHERE c.relnamespace = ${SCHEMA}
      UNION ALL
      SELECT concat_ws(':', 'k', conname, pg_get_constraintdef(oid))
        FROM pg_constraint WHERE connamespace = ${SCHEMA}
      UNION ALL
      SELECT concat_ws(':', 't', c.relname, t.tgname, t.tgenabled, t.tgfoid::regproc)
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE c.relnamespace = ${SCHEMA} AND NOT t.tgisinternal
      UNION ALL
      SELECT concat_ws(':', 'f', oid::regprocedure, md5(prosrc))
        FROM pg_proc WHERE pronamespace = ${SCHEMA}
    ) parts`);
  return row?.fingerprint ?? "";
}

/**
 * Reads the current schema's content; call right after migrating an empty schema. Null when the
 * role may not set session_replication_role (a superuser or a role granted it may): restoring
 * needs it, so such a DATABASE_URL keeps migrating between tests.
 */
export async function takeBaseline(db: Db): Promise<DbBaseline | null> {
  const [privilege] = await db.query<{ allowed: boolean }>(
    "SELECT has_parameter_privilege(current_user, 'session_replication_role', 'SET') AS allowed",
  );
  if (privilege?.allowed !== true) return null;
  const fingerprint = await schemaFingerprint(db);
  const tableRows = await db.query<{ name: string }>(
    `SELECT quote_ident(relname) AS name FROM pg_class
      WHERE relnamespace = ${SCHEMA} AND relkind IN ('r', 'p') ORDER BY relname`,
  );
  const tables = tableRows.map((row) => row.name);
  const rows: DbBaseline["rows"] = [];
  for (const table of tables) {
    const [row] = await db.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${table} t`,
    );
    if (row?.json) rows.push({ table, json: row.json });
  }
  const sequenceRows = await db.query<{ name: string }>(
    `SELECT quote_ident(relname) AS name FROM pg_class
      WHERE relnamespace = ${SCHEMA} AND relkind = 'S' ORDER BY relname`,
  );
  const sequences: DbBaseline["sequences"] = [];
  for (const { name } of sequenceRows) {
    const [row] = await db.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${name}`,
    );
    if (row) sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return { fingerprint, tables, rows, sequences };
}

/**
 * Returns the database to its baseline, or answers false (changing nothing) when the schema is no
 * longer the one the baseline was taken of.
 */
export async function restoreBaseline(db: Db, baseline: DbBaseline): Promise<boolean> {
  if ((await schemaFingerprint(db)) !== baseline.fingerprint) return false;
  await db.transaction(async (tx) => {
    // As a replica would: no trigger (append-only guards, change log, chain) and no foreign-key
    // check fires, neither for the deletes nor for the seeded rows going back exactly as they
    // were. DELETE rather than TRUNCATE: on tables of a few test rows it is several times
    // cheaper (a TRUNCATE gives each of ~60 tables new files).
    await tx.exec(
      "SET LOCAL session_replication_role = replica;" +
        baseline.tables.map((table) => `DELETE FROM ${table};`).join(""),
    );
    for (const { table, json } of baseline.rows) {
      await tx.query(
        `INSERT INTO ${table} OVERRIDING SYSTEM VALUE
         SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [json],
      );
    }
    for (const { name, lastValue, isCalled } of baseline.sequences) {
      await tx.query(`SELECT setval('${name}', $1::bigint, $2)`, [lastValue, isCalled]);
    }
  });
  return true;
}
