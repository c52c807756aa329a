// Stored answers of POSTs carrying an Idempotency-Key (migration 004 idempotency_keys). The
// claim is an INSERT of a placeholder row inside the caller's transaction: a concurrent request
// with the same key blocks on the primary key until that transaction ends, then either finds
// the stored answer (commit) or claims the key itself (rollback).
import type { Queryable } from "../db";

export interface IdempotencyKeyId {
  scope: string;
  route: string;
  key: string;
}

export interface StoredIdempotentAnswer {
  request_hash: string;
  status_code: number;
  response: unknown;
}

/** True when this transaction now owns the key; false when an answer is already stored. */
export async function claimIdempotencyKey(
  tx: Queryable,
  id: IdempotencyKeyId,
  requestHash: string,
): Promise<boolean> {
  // Status 0 and a JSON null mark the placeholder; only this transaction can ever see them.
  const rows = await tx.query(
    `INSERT INTO idempotency_keys (scope, route, key, request_hash, status_code, response)
     VALUES ($1, $2, $3, $4, 0, 'null'::jsonb)
     ON CONFLICT (scope, route, key) DO NOTHING
     RETURNING key`,
    [id.scope, id.route, id.key, requestHash],
  );
  return rows.length > 0;
}

export async function findIdempotentAnswer(
  tx: Queryable,
  id: IdempotencyKeyId,
): Promise<StoredIdempotentAnswer | null> {
  const [row] = await tx.query<StoredIdempotentAnswer>(
    `SELECT request_hash, status_code, response FROM idempotency_keys
      WHERE scope = $1 AND route = $2 AND key = $3`,
    [id.scope, id.route, id.key],
  );
  return row ?? null;
}

export async function storeIdempotentAnswer(
  tx: Queryable,
  id: IdempotencyKeyId,
  answer: { statusCode: number; response: unknown },
): Promise<void> {
  await tx.query(
    `UPDATE idempotency_keys SET status_code = $4, response = $5::jsonb
      WHERE scope = $1 AND route = $2 AND key = $3`,
    [id.scope, id.route, id.key, answer.statusCode, JSON.stringify(answer.response ?? null)],
  );
}
