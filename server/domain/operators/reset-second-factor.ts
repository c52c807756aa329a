// `npm run admin -- reset-2fa <username>`: for an operator who lost their authenticator and their
// recovery codes. Drops the TOTP secret and every recovery code and ends every session of theirs,
// so the next password sign-in is in stage enrol again (a new QR code, new recovery codes).
// Recorded in the audit log in the same transaction. CLI only: resetting someone's second factor
// over HTTP would let a stolen console session weaken another operator's account.
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { refusal } from "../errors";
import type { OperatorActor } from "./operator-actor";

export interface SecondFactorReset {
  userId: string;
  username: string;
  /** Whether a TOTP secret (confirmed or not) was dropped. */
  hadTotp: boolean;
  recoveryCodesDropped: number;
  sessionsEnded: number;
}

export async function resetSecondFactor(
  db: Db,
  actor: OperatorActor,
  rawUsername: string,
): Promise<SecondFactorReset> {
  const username = rawUsername.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [operator] = await tx.query<{ id: string }>(
      "SELECT id FROM users WHERE username = $1 AND role = 'operator' FOR UPDATE",
      [username],
    );
    if (!operator) throw refusal("NOT_FOUND", `No operator named "${username}"`);
    const totp = await tx.query("DELETE FROM operator_totp WHERE user_id = $1 RETURNING user_id", [
      operator.id,
    ]);
    const codes = await tx.query(
      "DELETE FROM operator_recovery_codes WHERE user_id = $1 RETURNING id",
      [operator.id],
    );
    const sessions = await tx.query(
      `UPDATE operator_sessions SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
      [operator.id],
    );
    const reset: SecondFactorReset = {
      userId: operator.id,
      username,
      hadTotp: totp.length > 0,
      recoveryCodesDropped: codes.length,
      sessionsEnded: sessions.length,
    };
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: "operator.reset-2fa",
      targetKind: "user",
      targetId: operator.id,
      detail: {
        username,
        hadTotp: reset.hadTotp,
        recoveryCodesDropped: reset.recoveryCodesDropped,
        sessionsEnded: reset.sessionsEnded,
      },
    });
    return reset;
  });
}
