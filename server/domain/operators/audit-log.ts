// Reading the audit log (operators only). Writing happens inside each action's transaction.
import type { AuditItem } from "../../../protocol/admin";
import type { ListPage } from "../../../protocol/list";
import type { Db } from "../../db/db";
import { listAudit, type AuditRow } from "../../db/repositories/audit-repository";
import { toPage } from "./list-page";

export async function readAuditLog(
  db: Db,
  q: { cursor: string | null; limit: number; action?: string | null; actor?: string | null },
): Promise<ListPage<AuditItem>> {
  const rows = await listAudit(db, {
    before: q.cursor,
    limit: q.limit + 1,
    action: q.action ?? null,
    actor: q.actor ?? null,
  });
  return toPage(rows, q.limit, toAuditItem);
}

function toAuditItem(row: AuditRow): AuditItem {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorLabel: row.actor_label,
    action: row.action,
    targetKind: row.target_kind,
    targetId: row.target_id,
    detail: row.detail,
    createdAt: row.created_at.toISOString(),
  };
}
