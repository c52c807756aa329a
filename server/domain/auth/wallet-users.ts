// Wallet accounts come into being on their first sign-in; there is no separate registration.
import type { Queryable } from "../../db/db";
import {
  findUserByAddress,
  findUserIdByInviteCode,
  insertWalletUser,
  type UserRow,
} from "../../db/repositories/user-repository";
import { sendSystemMessage } from "../messages/system-messages";
import { recordProfile } from "../sync/change-log";
import { newInviteCode, normaliseInviteCode } from "./invite-codes";

/** Invite codes are 8 of 36 characters; five clashes in a row means something else is wrong. */
const INVITE_CODE_ATTEMPTS = 5;

/**
 * The user for `address`, created with a fresh invite code when it has none yet. `inviteCode` is
 * another user's code and only matters at creation: an unknown or malformed code is ignored, not
 * an error — a stale invite link must not stop anyone from signing in.
 */
export async function findOrCreateWalletUser(
  db: Queryable,
  address: string,
  inviteCode: string | null | undefined,
): Promise<UserRow> {
  const existing = await findUserByAddress(db, address);
  if (existing) return existing;

  const code = normaliseInviteCode(inviteCode);
  const referrerId = code === null ? null : await findUserIdByInviteCode(db, code);
  for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt += 1) {
    const created = await insertWalletUser(db, {
      address,
      inviteCode: newInviteCode(),
      referrerId,
    });
    if (created) {
      // A new account starts its change log: the profile, and a welcome in the messages.
      await recordProfile(db, created.id);
      await sendSystemMessage(db, created.id, "welcome");
      return created;
    }
    // Nothing inserted: either a concurrent first sign-in of this address won (use its user),
    // or the random invite code was taken (try another).
    const raced = await findUserByAddress(db, address);
    if (raced) return raced;
  }
  throw new Error(`No free invite code after ${INVITE_CODE_ATTEMPTS} attempts`);
}
