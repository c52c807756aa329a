// Operators lock and unlock wallet users. Locking revokes nothing by itself: the auth plugin
// reads `users.locked` on every authenticated request and answers 403 ACCOUNT_LOCKED, so a
// locked user's sessions stop working at once and work again after an unlock (if not expired).
import { USER_LOCK_REASON_MAX_LENGTH, type UserLockView } from "../../../protocol/admin";
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { setLocked } from "../../db/repositories/user-repository";
import { lockUserByAddress } from "../../db/repositories/user-row-repository";
import { invalid, refusal } from "../errors";
import { recordProfile } from "../sync/change-log";
import type { OperatorActor } from "./operator-actor";

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/**
 * The reason of a lock or unlock request body (the route passes the body unchecked; the CLI
 * passes `{ reason }` or nothing): null when none is given, else the trimmed text. Anything
 * else is refused before the transaction starts, so a bad request changes nothing.
 */
export function lockReason(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body !== "object" || Array.isArray(body)) {
    throw invalid("body", "format", "The body is an object: { reason }");
  }
  for (const key of Object.keys(body)) {
    if (key !== "reason") throw invalid(key, "not-allowed", `Unknown field "${key}"`);
  }
  const reason: unknown = (body as { reason?: unknown }).reason;
  if (reason === undefined) return null;
  if (typeof reason !== "string") throw invalid("reason", "format", "The reason is text");
  const trimmed = reason.trim();
  if (trimmed === "") throw invalid("reason", "required", "The reason is empty");
  if (trimmed.length > USER_LOCK_REASON_MAX_LENGTH) {
    throw invalid(
      "reason",
      "at-most",
      `A reason has at most ${USER_LOCK_REASON_MAX_LENGTH} characters`,
      USER_LOCK_REASON_MAX_LENGTH,
    );
  }
  return trimmed;
}

export async function setUserLocked(
  db: Db,
  actor: OperatorActor,
  address: string,
  locked: boolean,
  body?: unknown,
): Promise<UserLockView> {
  if (!ADDRESS_PATTERN.test(address)) {
    throw invalid("address", "format", "An address is 0x followed by 40 hex digits");
  }
  const reason = lockReason(body);
  const normalised = address.toLowerCase();
  return db.transaction(async (tx) => {
    const user = await lockUserByAddress(tx, normalised);
    if (user === null) throw refusal("NOT_FOUND", `No user with address ${normalised}`);
    const changed = user.locked !== locked;
    if (changed) {
      await setLocked(tx, user.id, locked);
      await recordProfile(tx, user.id);
    }
    // Recorded even when nothing changed: the log is of what operators did, not only of effects.
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: locked ? "user.lock" : "user.unlock",
      targetKind: "user",
      targetId: user.id,
      detail: { address: normalised, changed, reason },
    });
    return { userId: user.id, address: normalised, locked, changed };
  });
}
