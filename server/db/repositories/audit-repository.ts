// The append-only audit log (migration 002): every operator action, written in the same
// transaction as the change it records, so there is never a change without its record.
import type { Queryable } from "../db";

export interface AuditEntry {
  actorId: string | null;
  actorLabel: string;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  detail: Record<string, unknown>;
}

export interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_label: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  detail: Record<string, unknown>;
  created_at: Date;
}

export async function appendAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_id, actor_label, action, target_kind, target_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [
      entry.actorId,
      entry.actorLabel,
      entry.action,
      entry.targetKind,
      entry.targetId,
      JSON.stringify(entry.detail),
    ],
  );
}

/**
 * Newest first; `before` is the exclusive id cursor of the previous page; `action` and `actor`
 * (the actor label), when given, keep only the rows equal to them.
 */
export async function listAudit(
  db: Queryable,
  q: { before: string | null; limit: number; action?: string | null; actor?: string | null },
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT id, actor_id, actor_label, action, target_kind, target_id, detail, created_at
       FROM audit_log
      WHERE ($1::bigint IS NULL OR id < $1)
        AND ($3::text IS NULL OR action = $3)
        AND ($4::text IS NULL OR actor_label = $4)
      ORDER BY id DESC
      LIMIT $2`,
    [q.before, q.limit, q.action ?? null, q.actor ?? null],
  );
}
