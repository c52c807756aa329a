// Operators look users up (GET /admin/users, /admin/users/{address}, …/bills). Balances and bills
// come from the same domain reads as the user's own /assets overview and bills, so an operator
// never sees a second computation that could disagree with what the user sees.
import {
  USER_SEARCH_MAX_LENGTH,
  USER_SESSIONS_SHOWN,
  type AdminUserDetail,
  type AdminUserItem,
  type AdminUserSession,
} from "../../../protocol/admin-users";
import type { IdentityStatus } from "../../../protocol/identity";
import type { Bill } from "../../../protocol/ledger";
import type { ListPage } from "../../../protocol/list";
import type { Queryable } from "../../db/db";
import {
  findWalletUser,
  searchWalletUsers,
  userSessions,
  type AdminUserRow,
  type UserSessionRow,
} from "../../db/repositories/admin-user-repository";
import { assetsOverview } from "../assets/assets-overview";
import { listUserBills, type BillQuery } from "../assets/list-bills";
import { SESSION_IDLE_SECONDS } from "../auth/tokens";
import { invalid, refusal } from "../errors";
import { toPage } from "./list-page";
import { ADDRESS_PATTERN } from "./user-lock";

const SEARCH = /^(0x)?([0-9a-f]*)$/;

/**
 * The search text as a lower-case prefix starting "0x". The route's schema refuses the same
 * inputs; this keeps the rule true for any other caller.
 */
export function addressPrefix(search: string | null): string {
  const text = (search ?? "").trim().toLowerCase();
  const match = SEARCH.exec(text);
  if (text.length > USER_SEARCH_MAX_LENGTH || match === null || (match[2] ?? "").length > 40) {
    throw invalid(
      "address",
      "format",
      "Search by an address or its start: 0x and up to 40 hex digits",
    );
  }
  return `0x${match[2] ?? ""}`;
}

export async function searchUsers(
  db: Queryable,
  q: { address: string | null; cursor: string | null; limit: number },
): Promise<ListPage<AdminUserItem>> {
  const prefix = addressPrefix(q.address);
  const rows = await searchWalletUsers(db, { prefix, before: q.cursor, limit: q.limit + 1 });
  return toPage(rows, q.limit, toUserItem);
}

export async function userDetail(db: Queryable, address: string): Promise<AdminUserDetail> {
  const user = await walletUser(db, address);
  const sessions = await userSessions(db, user.id, SESSION_IDLE_SECONDS, USER_SESSIONS_SHOWN);
  return {
    user: toUserItem(user),
    assets: await assetsOverview(db, user.id),
    sessions: sessions.map(toSession),
  };
}

export async function userBills(
  db: Queryable,
  address: string,
  query: BillQuery,
): Promise<ListPage<Bill>> {
  const user = await walletUser(db, address);
  return listUserBills(db, user.id, query);
}

async function walletUser(db: Queryable, address: string): Promise<AdminUserRow> {
  if (!ADDRESS_PATTERN.test(address)) {
    throw invalid("address", "format", "An address is 0x followed by 40 hex digits");
  }
  const normalised = address.toLowerCase();
  const user = await findWalletUser(db, normalised);
  if (user === null) throw refusal("NOT_FOUND", `No user with address ${normalised}`);
  return user;
}

function toUserItem(row: AdminUserRow): AdminUserItem {
  return {
    id: row.id,
    address: row.address,
    createdAt: new Date(row.created_at).toISOString(),
    locked: row.locked,
    lock:
      row.locked && row.locked_at !== null
        ? {
            reason: row.lock_reason,
            lockedAt: new Date(row.locked_at).toISOString(),
            lockedBy: row.locked_by ?? "",
          }
        : null,
    identity: row.identity_status === null ? null : (row.identity_status as IdentityStatus),
  };
}

function toSession(row: UserSessionRow): AdminUserSession {
  const iso = (d: Date) => new Date(d).toISOString();
  return {
    id: row.id,
    createdAt: iso(row.created_at),
    lastSeenAt: iso(row.last_seen_at),
    expiresAt: iso(row.expires_at),
    idleExpiresAt: iso(row.idle_expires_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
    live: row.live,
  };
}
