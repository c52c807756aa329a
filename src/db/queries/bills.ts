// Read hooks over the signed-in user's bills (the ledger lines the change log delivers), newest
// first, as a growing window like the article lists: the screen widens `limit` by a page.
import { useMemo } from "react";
import Dexie, { type Collection } from "dexie";
import type { BillType } from "../../../protocol";
import { database, type BillRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { BillRow };

/** How many rows the records list adds per "Load more". */
export const BILL_PAGE_SIZE = 20;

export interface BillFilter {
  type: BillType | null;
  asset: string | null;
}

export const NO_BILL_FILTER: BillFilter = { type: null, asset: null };

export interface BillWindow {
  items: BillRow[];
  /** Whether older matching bills exist beyond `limit`. */
  hasMore: boolean;
}

/** Ids are ledger sequence numbers as strings: a longer one is a later one. */
function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Newest first; bills of one transaction share a time, the later id comes first. */
export function newestBillFirst(a: BillRow, b: BillRow): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return compareIds(b.id, a.id);
}

/** The user's bills matching `filter` through the narrowest index, newest first. */
function matching(userId: string, filter: BillFilter): Collection<BillRow, string> {
  const bills = database().bills;
  const { minKey: lo, maxKey: hi } = Dexie;
  let collection: Collection<BillRow, string>;
  if (filter.type !== null) {
    collection = bills
      .where("[userId+type+createdAt]")
      .between([userId, filter.type, lo], [userId, filter.type, hi]);
    const asset = filter.asset;
    if (asset !== null) collection = collection.filter((row) => row.asset === asset);
  } else if (filter.asset !== null) {
    collection = bills
      .where("[userId+asset+createdAt]")
      .between([userId, filter.asset, lo], [userId, filter.asset, hi]);
  } else {
    collection = bills.where("[userId+createdAt]").between([userId, lo], [userId, hi]);
  }
  return collection.reverse();
}

/** The newest `limit` matching bills (all of them when limit is Infinity, e.g. the export). */
export async function readBills(
  userId: string,
  filter: BillFilter,
  limit: number,
): Promise<BillWindow> {
  let collection = matching(userId, filter);
  // One more than asked tells whether there is another page without counting them all.
  if (Number.isFinite(limit)) collection = collection.limit(limit + 1);
  const rows = (await collection.toArray()).sort(newestBillFirst);
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** The newest `limit` bills of the user matching `filter`; empty when signed out. */
export function useBills(
  userId: string | null,
  filter: BillFilter,
  limit: number,
): LiveResult<BillWindow> {
  const { type, asset } = filter;
  const store = useMemo(
    () =>
      liveStore(
        () =>
          userId === null
            ? { items: [], hasMore: false }
            : readBills(userId, { type, asset }, limit),
        // /records' first content, the unfiltered first page: copied for an instant start.
        type === null && asset === null && limit === BILL_PAGE_SIZE
          ? { snapshot: "bills:first-page" }
          : {},
      ),
    [userId, type, asset, limit],
  );
  return useLiveStore(store);
}

/** The assets the user has bills in, sorted (the asset filter's choices). */
export async function readBillAssets(userId: string): Promise<string[]> {
  const keys = await database()
    .bills.where("[userId+asset+createdAt]")
    // A shorter key sorts before the longer keys it prefixes: this spans all of the user's.
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .keys();
  const assets = new Set<string>();
  for (const key of keys) {
    const asset = (key as unknown[])[1];
    if (typeof asset === "string") assets.add(asset);
  }
  return [...assets].sort();
}

export function useBillAssets(userId: string | null): string[] {
  const store = useMemo(
    () => liveStore(() => (userId === null ? [] : readBillAssets(userId))),
    [userId],
  );
  const result = useLiveStore(store);
  return result.status === "ready" ? result.value : [];
}
