// `npm run admin -- create-admin <username> --role admin|reviewer|support`: a new operator with
// a generated password that is shown once and stored only as a scrypt hash. Generated, not
// chosen, so it is never weak or reused; 144 random bits. The operator enrols TOTP at their
// first sign-in (domain/auth/second-factor.ts).
import { randomBytes } from "node:crypto";
import type { OperatorRole } from "../../../protocol/operators";
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { createOperator } from "../auth/operators";
import type { OperatorActor } from "./operator-actor";

export interface CreatedAdmin {
  userId: string;
  username: string;
  role: OperatorRole;
  /** Shown to whoever ran the command, once; never stored or logged. */
  password: string;
}

export async function createAdmin(
  db: Db,
  actor: OperatorActor,
  username: string,
  role: OperatorRole,
): Promise<CreatedAdmin> {
  const password = randomBytes(18).toString("base64url");
  const { id } = await db.transaction(async (tx) => {
    const created = await createOperator(tx, username, password, role);
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: "operator.create",
      targetKind: "user",
      targetId: created.id,
      detail: { username, role },
    });
    return created;
  });
  return { userId: id, username, role, password };
}
