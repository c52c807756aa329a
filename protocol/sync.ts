// The user's change log (API.md GET /sync, /ws/account): every change to a user's private data
// is one entry; the app applies entries in order and keeps the cursor.

/** What a change log entry describes; each new product adds its own entity (its orders). */
export const SYNC_ENTITIES = [
  "profile",
  "identity",
  "message",
  "bill",
  "recharge",
  "withdrawal",
  "spot-order",
] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

export interface SyncChange {
  entity: SyncEntity;
  id: string;
  op: "put" | "delete";
  /** The entity as its own GET answers it (profile: Profile, identity: IdentityView,
   *  message: Message, bill: Bill as GET /assets/bills lists it, recharge: Recharge,
   *  withdrawal: Withdrawal as protocol/wallet.ts defines them, spot-order: SpotOrder of
   *  protocol/spot.ts); null for a delete. */
  data: unknown;
}

export interface SyncPage {
  changes: SyncChange[];
  /** Pass back as `?cursor=`; an empty or absent cursor starts from the beginning. */
  cursor: string;
  hasMore: boolean;
}

/** Most entries one GET /sync answers. */
export const SYNC_PAGE_LIMIT = 200;

/** /ws/account frame: the change log grew; pull from your cursor. */
export interface AccountPoke {
  type: "poke";
  seq: number;
  cursor: string;
}
