// Operators read and edit the public settings (GET /admin/settings, PUT
// /admin/settings/{alias}/{lang}). The dataset is checked against its alias's shape
// (protocol/settings-admin.ts) and the edit audited in its own transaction. An edited row becomes
// the operator's through its `setting.edit` audit row (setting-admin-repository.ts): the seed on
// start never rewrites it.
import { isLang } from "../../../protocol/content";
import {
  checkSettingDataset,
  isSettingAlias,
  type AdminSetting,
} from "../../../protocol/settings-admin";
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import {
  allSettingRows,
  lockSettingRow,
  writeSetting,
  type AdminSettingRow,
} from "../../db/repositories/setting-admin-repository";
import { invalid, refusal } from "../errors";
import type { OperatorActor } from "../operators/operator-actor";

export async function listSettingsForOperators(db: Db): Promise<AdminSetting[]> {
  return (await allSettingRows(db)).flatMap(view);
}

export async function editSetting(
  db: Db,
  actor: OperatorActor,
  alias: string,
  lang: string,
  raw: unknown,
): Promise<AdminSetting> {
  if (!isSettingAlias(alias)) throw refusal("NOT_FOUND", `No setting "${alias}".`);
  if (!isLang(lang)) throw refusal("NOT_FOUND", `No language "${lang}".`);
  const body = raw as { dataset?: unknown } | null;
  if (typeof body !== "object" || body === null || !("dataset" in body)) {
    throw invalid("dataset", "required", 'The body must be { "dataset": { … } }.');
  }
  const checked = checkSettingDataset(alias, body.dataset);
  if (!checked.ok) throw invalid(checked.field, checked.rule, checked.message, checked.limit);
  return db.transaction(async (tx) => {
    const before = await lockSettingRow(tx, alias, lang);
    await writeSetting(tx, alias, lang, checked.dataset);
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: "setting.edit",
      targetKind: "setting",
      targetId: `${alias}/${lang}`,
      detail: { alias, lang, before: before?.dataset ?? null, after: checked.dataset },
    });
    const row = await lockSettingRow(tx, alias, lang);
    const [setting] = row === null ? [] : view(row);
    if (setting === undefined) throw new Error(`setting ${alias}/${lang} is not viewable`);
    return setting;
  });
}

function view(row: AdminSettingRow): AdminSetting[] {
  if (!isSettingAlias(row.alias) || !isLang(row.lang)) return [];
  return [
    {
      alias: row.alias,
      lang: row.lang,
      dataset: row.dataset as AdminSetting["dataset"],
      origin: row.origin,
      updatedAt: row.updated_at.toISOString(),
    },
  ];
}
