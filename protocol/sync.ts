// The user's change log (API.md GET /sync, /ws/account): every change to a user's private data
// is one entry; the app applies entries in order and keeps the cursor.
import type { Profile } from "./account";
import type { IdentityView } from "./identity";
import type { ContractOrder } from "./contract";
import type { Bill } from "./ledger";
import type { Message } from "./messages";
import type { OptionsOrder } from "./options";
import type { QuantBacktest, QuantOptimisation, QuantSubscription } from "./quant";
import type { SpotOrder } from "./spot";
import type { Recharge, Withdrawal } from "./wallet";

/**
 * Each entity of the change log and the data of its "put": the entity as its own GET answers it
 * (bill: as GET /assets/bills lists it). A new product adds its entity here (its orders); the
 * server's appendChange and the app's appliers are typed from this, so neither can forget it.
 */
export interface SyncEntityData {
  profile: Profile;
  identity: IdentityView;
  message: Message;
  bill: Bill;
  recharge: Recharge;
  withdrawal: Withdrawal;
  "spot-order": SpotOrder;
  "options-order": OptionsOrder;
  "contract-order": ContractOrder;
  "quant-subscription": QuantSubscription;
  "quant-backtest": QuantBacktest;
  "quant-optimisation": QuantOptimisation;
}

export type SyncEntity = keyof SyncEntityData;

/** Every entity once: a record, so that leaving one out (or adding a stranger) fails to compile. */
const ENTITY_SET: { readonly [E in SyncEntity]: true } = {
  profile: true,
  identity: true,
  message: true,
  bill: true,
  recharge: true,
  withdrawal: true,
  "spot-order": true,
  "options-order": true,
  "contract-order": true,
  "quant-subscription": true,
  "quant-backtest": true,
  "quant-optimisation": true,
};

/** Every entity, for runtime checks. */
export const SYNC_ENTITIES = Object.keys(ENTITY_SET) as readonly SyncEntity[];

/** One entry of one entity: a put carries the entity's new state, a delete carries null. */
export type SyncChangeOf<E extends SyncEntity> =
  | { entity: E; id: string; op: "put"; data: SyncEntityData[E] }
  | { entity: E; id: string; op: "delete"; data: null };

/** One entry of the change log, discriminated by `entity` (then by `op`). */
export type SyncChange = { [E in SyncEntity]: SyncChangeOf<E> }[SyncEntity];

/** The arguments of a put, entity and data paired: `("bill", id, bill)`, never `("bill", id, order)`. */
export type SyncPutArgs = {
  [E in SyncEntity]: [entity: E, id: string, data: SyncEntityData[E]];
}[SyncEntity];

/** A put entry from its paired arguments. */
export function syncPut(...[entity, id, data]: SyncPutArgs): SyncChange {
  // SyncPutArgs pairs each entity with its own data, so this is one of SyncChange's members;
  // TypeScript does not follow that pairing through the destructured tuple.
  return { entity, id, op: "put", data } as SyncChange;
}

/** A delete entry (a delete carries no data). */
export function syncDelete(entity: SyncEntity, id: string): SyncChange {
  return { entity, id, op: "delete", data: null };
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
