// Row locks on users. Requests that check a per-user rule and then write (one identity
// submission under review, the daily upload quota, lock/unlock) lock the user's row first, so
// two concurrent requests for one user run one after the other instead of both passing the check.
// NO KEY UPDATE, not UPDATE: it serialises these requests just as well, but does not block the
// key-share lock that every change_log insert takes on the user through its foreign key. With
// FOR UPDATE, a request holding this lock and another appending for the same user deadlock (one
// waits for the change_heads row, the other for the user row).
import type { Queryable } from "../db";

/** Locks the user's row until the transaction ends; false when there is no such user. */
export async function lockUserRow(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE", [userId]);
  return rows.length > 0;
}

export interface UserLockState {
  id: string;
  address: string;
  locked: boolean;
}

/** The wallet user with this lower-case address, row-locked until the transaction ends. */
export async function lockUserByAddress(
  tx: Queryable,
  address: string,
): Promise<UserLockState | null> {
  const [row] = await tx.query<UserLockState>(
    "SELECT id, address, locked FROM users WHERE address = $1 FOR NO KEY UPDATE",
    [address],
  );
  return row ?? null;
}
