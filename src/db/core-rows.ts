// The rows of the app's own tables in IndexedDB (src/db/database.ts declares the stores): device
// settings and keys, the profile, public content, messages, sync state, the outbox, bills and the
// assets overview. Each product's rows have their own file (market-rows.ts, spot-rows.ts, ...).
import type {
  Article,
  AssetsOverview,
  Bill,
  ErrorParams,
  IdentityView,
  Lang,
  LinkItem,
  Message,
  Profile,
  ServiceStatus,
  SettingItem,
} from "../../protocol";

/** Small device settings (key/value) that are not part of the session. */
export interface SettingRow {
  key: string;
  value: unknown;
}

/** A market the user starred on this device (the pair bar lists favourites first). */
export interface FavouriteRow {
  /** "BTC/USDT". */
  symbol: string;
  addedAt: string;
}

/** A private key this device generated (today only the demo wallet's). */
export interface KeyRow {
  /** What the key is for, e.g. "demo-wallet". */
  id: string;
  /** 0x-prefixed 32-byte hex. */
  privateKey: string;
  createdAt: string;
}

/** The signed-in user's latest identity submission (GET /profile/identity), as last synced. */
export interface IdentityRow extends IdentityView {
  /** The profile id of the user it belongs to: a shared device never shows another's. */
  userId: string;
  /** When the sync layer stored it (ISO-8601). */
  syncedAt: string;
}

/** The signed-in user's profile, from the change log (entity "profile"). */
export interface ProfileRow extends Profile {
  syncedAt: string;
}

/** One GET /system/system content item in one language (domain and country live in syncState). */
export type SystemSettingRow = SettingItem & { lang: Lang };

/** One GET /system/link item in one language. */
export interface LinkRow extends LinkItem {
  lang: Lang;
  /** Position in the server's answer (the operator's order). */
  position: number;
}

/** An article in one language; `body` is null until its detail was pulled. */
export interface ArticleRow extends Omit<Article, "body"> {
  lang: Lang;
  body: string | null;
  /** Index in the server's list (newest first; ties in the operator's order). */
  position: number;
}

/** A message of the signed-in user (entity "message"). */
export interface MessageRow extends Message {
  userId: string;
}

/** One service of GET /system/status, with the answer's checkedAt. */
export interface StatusRow extends ServiceStatus {
  position: number;
  checkedAt: string;
}

/**
 * What the sync layer remembers between runs: change-log cursors per user, ETags and
 * freshness per public dataset, the sync phase. Keys and values belong to src/sync.
 */
export interface SyncStateRow {
  key: string;
  value: unknown;
  updatedAt: string;
}

export type OutboxState = "waiting" | "sending" | "sent" | "failed";

/** A refusal as stored: a server code (or an app one such as NETWORK) and its params. */
export interface StoredRefusal {
  code: string;
  params: ErrorParams;
}

/** A mutation saved before it is sent (DESIGN §3), retried with its Idempotency-Key. */
export interface OutboxRow {
  /** The Idempotency-Key, 128 random bits as hex. */
  id: string;
  /** Whose command it is: another user's entries are never sent with this user's token. */
  userId: string | null;
  /** The command's name in src/sync's command map, e.g. "system.subscribe". */
  command: string;
  /** The command's input; files are Blobs (IndexedDB stores them natively). */
  payload: Record<string, unknown>;
  state: OutboxState;
  /**
   * Why it failed, for "failed" only: the refusal's code and params, worded in the user's language
   * where shown (i18n/refusal-text.ts). A row stored before this field has none.
   */
  failure?: StoredRefusal | null;
  attempts: number;
  /** Earliest time of the next attempt (ms since epoch), for backoff. */
  nextAttemptAt: number;
  createdAt: string;
  updatedAt: string;
}

/** A bill of the signed-in user (entity "bill"), as GET /assets/bills lists it. */
export interface BillRow extends Bill {
  userId: string;
}

/** The signed-in user's GET /assets/overview as last pulled (one row per user). */
export interface AssetsOverviewRow extends AssetsOverview {
  userId: string;
  /** When the sync layer pulled it (ISO-8601): the /my screen's freshness. */
  pulledAt: string;
}
