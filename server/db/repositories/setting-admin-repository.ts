// The operators' side of system_settings (migration 004). A row is the operator's once the
// append-only audit log holds a `setting.edit` for it (target "<alias>/<lang>"): no column, so no
// migration, and the mark cannot be lost or undone by any code path — the seed
// (content-repository.ts upsertSettings) checks the same rows.
import type { Queryable } from "../db";

export interface AdminSettingRow {
  alias: string;
  lang: string;
  dataset: unknown;
  origin: "seed" | "operator";
  updated_at: Date;
}

const COLUMNS = `s.alias, s.lang, s.dataset, s.updated_at,
  CASE WHEN EXISTS (SELECT 1 FROM audit_log a
                     WHERE a.action = 'setting.edit' AND a.target_kind = 'setting'
                       AND a.target_id = s.alias || '/' || s.lang)
       THEN 'operator' ELSE 'seed' END AS origin`;

/** Every setting row, by alias then language. */
export async function allSettingRows(db: Queryable): Promise<AdminSettingRow[]> {
  return db.query<AdminSettingRow>(
    `SELECT ${COLUMNS} FROM system_settings s ORDER BY s.alias, s.lang`,
  );
}

/** One row, locked for the rest of the edit (its `before` goes into the audit row). */
export async function lockSettingRow(
  tx: Queryable,
  alias: string,
  lang: string,
): Promise<AdminSettingRow | null> {
  const [row] = await tx.query<AdminSettingRow>(
    `SELECT ${COLUMNS} FROM system_settings s WHERE s.alias = $1 AND s.lang = $2 FOR UPDATE`,
    [alias, lang],
  );
  return row ?? null;
}

/** Inserts or replaces the row; updated_at moves, and the public ETag with it. */
export async function writeSetting(
  tx: Queryable,
  alias: string,
  lang: string,
  dataset: unknown,
): Promise<void> {
  await tx.query(
    `INSERT INTO system_settings (alias, lang, dataset) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (alias, lang) DO UPDATE SET dataset = EXCLUDED.dataset, updated_at = now()`,
    [alias, lang, JSON.stringify(dataset)],
  );
}
