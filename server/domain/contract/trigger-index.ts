// The open positions the trigger engine watches, per symbol, in two price-ordered lists, so a
// tick finds the positions it reaches by binary search: O(log n + positions reached), whatever
// the number of open positions — and a tick that reaches nothing (most) costs two comparisons.
//   falls: levels a tick reaches at or below — a long's liquidation or stop-loss (whichever is
//          higher: it comes first on the way down), a short's take-profit;
//   rises: levels a tick reaches at or above — a short's liquidation or stop-loss (whichever is
//          lower), a long's take-profit.
// Which trigger a reached position fires is protocol/contract.ts triggerAtTick's decision (the
// lists only find the candidates): liquidation after the opening tick, take-profit and stop-loss
// after the tick they were set at. Adding and removing is a binary search and one splice.
import {
  triggerAtTick,
  type ContractTrigger,
  type PositionTerms,
} from "../../../protocol/contract";

export interface WatchedPosition {
  id: string;
  symbol: string;
  terms: PositionTerms;
  /** Only ticks after this one count (the opening tick, open_tick_seq). */
  openTickSeq: bigint;
  /** Take-profit and stop-loss count only after this tick (targets_tick_seq); null: placing. */
  targetsTickSeq: bigint | null;
}

interface Level {
  price: bigint;
  id: string;
}

/** Ascending by price, then id: a level is found again exactly for removal. */
class SortedLevels {
  readonly items: Level[] = [];

  /** The first index whose level is not before (price, id). */
  private lowerBound(price: bigint, id: string): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = this.items[mid] as Level;
      if (m.price < price || (m.price === price && m.id < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(price: bigint, id: string): void {
    this.items.splice(this.lowerBound(price, id), 0, { price, id });
  }

  remove(price: bigint, id: string): void {
    const i = this.lowerBound(price, id);
    const m = this.items[i];
    if (m !== undefined && m.price === price && m.id === id) this.items.splice(i, 1);
  }

  /** Ids of the levels ≤ price (a rise reaching them). */
  atOrBelow(price: bigint, out: string[]): void {
    // Levels ≤ price: everything before the first level above it.
    const end = this.lowerBound(price + 1n, "");
    for (let i = 0; i < end; i += 1) out.push((this.items[i] as Level).id);
  }

  /** Ids of the levels ≥ price (a fall reaching them). */
  atOrAbove(price: bigint, out: string[]): void {
    for (let i = this.lowerBound(price, ""); i < this.items.length; i += 1) {
      out.push((this.items[i] as Level).id);
    }
  }
}

interface Entry {
  position: WatchedPosition;
  fall: bigint | null;
  rise: bigint | null;
}

interface Lists {
  falls: SortedLevels;
  rises: SortedLevels;
}

/** The levels a position is listed under (null: not in that list). */
function levelsOf(t: PositionTerms): { fall: bigint | null; rise: bigint | null } {
  const liquidation = t.liquidationPrice > 0n ? t.liquidationPrice : null;
  const pick = (a: bigint | null, b: bigint | null, higher: boolean) =>
    a === null ? b : b === null ? a : higher === a > b ? a : b;
  return t.direction === "long"
    ? { fall: pick(liquidation, t.stopLoss, true), rise: t.takeProfit }
    : { fall: t.takeProfit, rise: pick(liquidation, t.stopLoss, false) };
}

export interface ReachedPosition {
  position: WatchedPosition;
  trigger: ContractTrigger;
}

const NONE: readonly ReachedPosition[] = Object.freeze([]);

export class TriggerIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly bySymbol = new Map<string, Lists>();

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): WatchedPosition | undefined {
    return this.entries.get(id)?.position;
  }

  /** Adds a position, or replaces what is held for its id (its targets changed). */
  put(position: WatchedPosition): void {
    this.remove(position.id);
    const { fall, rise } = levelsOf(position.terms);
    let lists = this.bySymbol.get(position.symbol);
    if (lists === undefined) {
      lists = { falls: new SortedLevels(), rises: new SortedLevels() };
      this.bySymbol.set(position.symbol, lists);
    }
    if (fall !== null) lists.falls.add(fall, position.id);
    if (rise !== null) lists.rises.add(rise, position.id);
    this.entries.set(position.id, { position, fall, rise });
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    const lists = this.bySymbol.get(entry.position.symbol);
    if (entry.fall !== null) lists?.falls.remove(entry.fall, id);
    if (entry.rise !== null) lists?.rises.remove(entry.rise, id);
  }

  clear(): void {
    this.entries.clear();
    this.bySymbol.clear();
  }

  /** Whether any position of `symbol` is held. */
  watches(symbol: string): boolean {
    const lists = this.bySymbol.get(symbol);
    return lists !== undefined && (lists.falls.items.length > 0 || lists.rises.items.length > 0);
  }

  positionsOf(symbol: string): WatchedPosition[] {
    return [...this.entries.values()].map((e) => e.position).filter((p) => p.symbol === symbol);
  }

  /**
   * The positions a tick of `symbol` at `price` (USDT units) with seq `seq` reaches, each with
   * the trigger it fires, by id. Positions opened at or after `seq` do not count it, nor do
   * take-profits and stop-losses set at or after it.
   */
  reached(symbol: string, price: bigint, seq: bigint): readonly ReachedPosition[] {
    const lists = this.bySymbol.get(symbol);
    if (lists === undefined) return NONE;
    // Most ticks reach nothing: the highest fall level and the lowest rise level say so at once.
    const highestFall = lists.falls.items[lists.falls.items.length - 1];
    const lowestRise = lists.rises.items[0];
    if (
      (highestFall === undefined || highestFall.price < price) &&
      (lowestRise === undefined || lowestRise.price > price)
    ) {
      return NONE;
    }
    const ids: string[] = [];
    lists.falls.atOrAbove(price, ids);
    lists.rises.atOrBelow(price, ids);
    if (ids.length === 0) return [];
    const out: ReachedPosition[] = [];
    const seen = new Set<string>();
    for (const id of ids) {
      const position = this.entries.get(id)?.position;
      if (position === undefined || seen.has(id) || position.openTickSeq >= seq) continue;
      seen.add(id);
      const trigger = triggerAtTick(position.terms, price, seq, position);
      if (trigger !== null) out.push({ position, trigger });
    }
    return out.sort((a, b) => compareIds(a.position.id, b.position.id));
  }
}

export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
