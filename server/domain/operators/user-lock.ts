// Operators lock and unlock wallet users. Locking revokes nothing by itself: the auth plugin
// reads `users.locked` on every authenticated request and answers 403 ACCOUNT_LOCKED, so a
// locked user's sessions stop working at once and work again after an unlock (if not expired).
import type { UserLockView } from "../../../protocol/admin";
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { setLocked } from "../../db/repositories/user-repository";
import { lockUserByAddress } from "../../db/repositories/user-row-repository";
import { invalid, refusal } from "../errors";
import { recordProfile } from "../sync/change-log";
import type { OperatorActor } from "./operator-actor";

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

export async function setUserLocked(
  db: Db,
  actor: OperatorActor,
  address: string,
  locked: boolean,
): Promise<UserLockView> {
  if (!ADDRESS_PATTERN.test(address)) {
    throw invalid("address", "format", "An address is 0x followed by 40 hex digits");
  }
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
      detail: { address: normalised, changed },
    });
    return { userId: user.id, address: normalised, locked, changed };
  });
}
