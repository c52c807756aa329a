// Spot realised profit and loss by the average-cost method, fees included, from the user's fills
// in the order they happened. Pure: bigint ledger units in, bigint USDT units out.
//
// - A buy adds its number to the holding and what it cost (notional + fee, USDT) to its cost.
// - A sell takes its share of that cost at the holding's average (cost × sold / held, rounded
//   toward zero, the remainder staying with the coins still held) and realises
//   proceeds (notional − fee) − that cost.
// - Coins sold beyond what the recorded buys hold (there is no other way in today, but a transfer
//   or a gift could add one) have no known cost: only the covered share of the proceeds counts,
//   so income never counts a sale of coins of unknown cost as pure gain.
// Realised income belongs to the moment of the sell fill; a buy realises nothing.

export interface SpotFillForIncome {
  /** The base coin ("BTC"); holdings are kept per coin. */
  base: string;
  side: 0 | 1;
  /** Base units. */
  number: bigint;
  /** USDT units that changed hands for price × number, and the fee (USDT units). */
  notional: bigint;
  fee: bigint;
  at: Date;
}

export interface RealisedAmount {
  /** USDT units, signed. */
  amount: bigint;
  at: Date;
}

/** One realised amount per sell fill; `fills` oldest first. */
export function spotRealised(fills: readonly SpotFillForIncome[]): RealisedAmount[] {
  const holdings = new Map<string, { number: bigint; cost: bigint }>();
  const realised: RealisedAmount[] = [];
  for (const fill of fills) {
    const held = holdings.get(fill.base) ?? { number: 0n, cost: 0n };
    if (fill.side === 0) {
      holdings.set(fill.base, {
        number: held.number + fill.number,
        cost: held.cost + fill.notional + fill.fee,
      });
      continue;
    }
    const covered = fill.number < held.number ? fill.number : held.number;
    const costSold = held.number === 0n ? 0n : (held.cost * covered) / held.number;
    const proceeds = fill.notional - fill.fee;
    const coveredProceeds = (proceeds * covered) / fill.number;
    realised.push({ amount: coveredProceeds - costSold, at: fill.at });
    holdings.set(fill.base, { number: held.number - covered, cost: held.cost - costSold });
  }
  return realised;
}
