// Operator API for users (issue 22): search by address, one user's detail, and messages to
// every user. What GET /admin/users, /admin/users/{address} and POST /admin/messages/all answer.
import type { IdentityStatus } from "./identity";
import type { AssetsOverview } from "./ledger";

/** `?address=`: a whole address or its start, any case, "0x" optional (a 40-hex-digit body). */
export const USER_SEARCH_PATTERN = "^(0[xX])?[0-9a-fA-F]*$";
export const USER_SEARCH_MAX_LENGTH = 42;
/** The newest wallet sessions the detail lists (older ones are long expired). */
export const USER_SESSIONS_SHOWN = 20;

/** The lock as the audit log recorded it: the last lock that changed the user's state. */
export interface UserLockInfo {
  reason: string | null;
  lockedAt: string;
  /** The audit actor label ("operator:<name>" or "cli:<os user>"). */
  lockedBy: string;
}

/** One wallet user as the search lists them. */
export interface AdminUserItem {
  id: string;
  address: string;
  createdAt: string;
  locked: boolean;
  /** Null when unlocked, or when locked without an audit row (a lock older than the log). */
  lock: UserLockInfo | null;
  /** The latest identity submission's status; null when none was submitted. */
  identity: IdentityStatus | null;
}

/** A wallet session of the user; never the token (only its hash is stored anyway). */
export interface AdminUserSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  /** The absolute end (30 days) and the idle end (7 days after the last request). */
  expiresAt: string;
  idleExpiresAt: string;
  revokedAt: string | null;
  /** Not revoked and before both ends. */
  live: boolean;
}

/** GET /admin/users/{address}: `assets` is exactly what the user's own /assets/overview reads. */
export interface AdminUserDetail {
  user: AdminUserItem;
  assets: AssetsOverview;
  sessions: AdminUserSession[];
}

/** POST /admin/messages/all: one message per wallet user that exists now. */
export interface MessageBroadcast {
  title: string;
  recipients: number;
  sentAt: string;
}
