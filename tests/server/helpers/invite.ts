// Invitations for server tests: invited users (with an approved identity if asked), deposits
// (bill 101 from `deposits`, queued for a reward check as creditRecharge does) and a funded
// promotions budget, written through the real domain functions.
import type { Db, Queryable } from "../../../server/db/db";
import { queueRewardCheck } from "../../../server/db/repositories/invite-repository";
import { fundPromotions } from "../../../server/domain/invite/promotions-fund";
import { credit } from "../../../server/domain/ledger/operations";
import { cliActor } from "../../../server/domain/operators/operator-actor";
import { createUserSession, type TestSession } from "./sessions";

export const USDT = 1_000_000n;

/** A user whom `referrerId` invited; `idNumber`: an approved identity with that ID number. */
export async function invitedUser(
  db: Queryable,
  referrerId: string,
  options: { idNumber?: string } = {},
): Promise<TestSession> {
  const session = await createUserSession(db);
  await db.query("UPDATE users SET referrer_id = $2 WHERE id = $1", [session.userId, referrerId]);
  if (options.idNumber !== undefined) await approveIdentityOf(db, session.userId, options.idNumber);
  return session;
}

export async function approveIdentityOf(db: Queryable, userId: string, idNumber: string) {
  const [upload] = await db.query<{ id: string }>(
    `INSERT INTO uploads (user_id, purpose, mime, size, width, height, sha256)
     VALUES ($1, 'identity', 'image/png', 1, 1, 1, $2) RETURNING id`,
    [userId, "0".repeat(64)],
  );
  await db.query(
    `INSERT INTO identity_submissions (user_id, name, id_number, id_type, photo_upload_id, status,
       reviewed_at)
     VALUES ($1, 'Test User', $2, 1, $3, 1, now())`,
    [userId, idNumber, upload?.id ?? null],
  );
}

/** A credited deposit of `units` (bill 101), queued for a reward check like a real one. */
export async function deposit(db: Db, userId: string, units: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    await credit(tx, {
      kind: "recharge",
      reference: "invite test deposit",
      userId,
      asset: "USDT",
      amount: units,
      billType: 101,
      from: "deposits",
    });
    await queueRewardCheck(tx, userId);
  });
}

/** The database as a demo server claims it, so `promotions fund` knows where money comes from. */
export async function claimDemo(db: Queryable): Promise<void> {
  await db.query("UPDATE instance SET mode = 'demo' WHERE mode IS NULL");
}

export async function fund(db: Db, amount: string): Promise<void> {
  await fundPromotions(db, cliActor("test"), amount);
}

/** Bills 105 of `userId` (amounts in units). */
export async function giftBills(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ amount: string }>(
    "SELECT amount::text AS amount FROM bills WHERE user_id = $1 AND type = 105 ORDER BY id",
    [userId],
  );
  return rows.map((r) => r.amount);
}

/** The promotions account's balance: every entry, sealed or not. */
export async function promotionsUnits(db: Queryable): Promise<bigint> {
  const [row] = await db.query<{ sum: string }>(
    `SELECT COALESCE(sum(e.amount), 0)::text AS sum FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.system = 'promotions' AND a.asset = 'USDT'`,
  );
  return BigInt(row?.sum ?? "0");
}
