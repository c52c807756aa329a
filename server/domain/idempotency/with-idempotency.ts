// Idempotent POSTs (API.md, DESIGN §5): same Idempotency-Key + same body → the stored answer;
// same key + different body → 409 IDEMPOTENCY_MISMATCH. The work and the stored answer share one
// transaction, so an answer is stored exactly when the work committed, and concurrent requests
// with one key end with a single execution (the others wait on the key's row, then replay).
// Failures (a thrown ApiError or fault) roll everything back and store nothing: a retry runs again.
import { createHash } from "node:crypto";
import type { Db, Tx } from "../../db/db";
import {
  claimIdempotencyKey,
  findIdempotentAnswer,
  storeIdempotentAnswer,
} from "../../db/repositories/idempotency-repository";
import { ApiError } from "../../plugins/envelope";

// The header's schema is the contract's (protocol/endpoints/common.ts: IdempotencyHeaders).

export interface IdempotentRequest {
  /** Whose keys these are: userScope(id) for signed-in callers, PUBLIC_SCOPE otherwise. */
  scope: string;
  /** A stable name of the operation, e.g. "POST /system/subscribe"; keys are per route. */
  route: string;
  key: string;
  /** The request as the domain understood it (normalised); hashed canonically. */
  body: unknown;
}

export interface IdempotentAnswer<T> {
  statusCode: number;
  /** Must be JSON: a replay answers it as stored. */
  data: T;
}

export const PUBLIC_SCOPE = "public";

export function userScope(userId: string): string {
  return `u:${userId}`;
}

export async function withIdempotency<T>(
  db: Db,
  request: IdempotentRequest,
  work: (tx: Tx) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  const id = { scope: request.scope, route: request.route, key: request.key };
  const hash = requestHash(request.body);
  return db.transaction(async (tx) => {
    if (!(await claimIdempotencyKey(tx, id, hash))) {
      const stored = await findIdempotentAnswer(tx, id);
      if (stored === null) throw new Error("idempotency key neither claimable nor stored");
      if (stored.request_hash !== hash) {
        throw new ApiError(
          409,
          "IDEMPOTENCY_MISMATCH",
          "This Idempotency-Key was already used with a different request",
        );
      }
      return { statusCode: stored.status_code, data: stored.response as T, replayed: true };
    }
    const answer = await work(tx);
    await storeIdempotentAnswer(tx, id, { statusCode: answer.statusCode, response: answer.data });
    return { ...answer, replayed: false };
  });
}

/** sha256 (hex) of the canonical JSON of `body`: object keys sorted, so key order never matters. */
export function requestHash(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body), "utf8").digest("hex");
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}
