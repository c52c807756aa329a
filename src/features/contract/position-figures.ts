// A position's live figures at the ticker's last price: pnl (protocol contractPnl, toward the
// house), ROE = pnl / margin, the margin ratio and how far the price is from the liquidation
// price. Display only: what a close pays is the server's closeOutcome at its own fill price.
import { USDT_SCALE } from "../../../protocol/assets";
import { contractPnl, contractValue, type ContractOrder } from "../../../protocol/contract";
import { divRound, formatUnits } from "../../../protocol/decimal";
import { distancePercent, priceUnits, unitsOf, type ContractTerms } from "./contract-math";

export interface PositionFigures {
  /** USDT units, signed. */
  pnl: bigint;
  /** pnl / margin in percent, signed, two decimals (a loss rounded away from zero). */
  roePercent: string;
  /**
   * Maintenance margin (entry value × mmr) / equity (margin + pnl), in percent. By the
   * liquidation rule it reaches 100 % exactly at the liquidation price; "100" when equity is gone.
   */
  marginRatioPercent: string;
  /** |last − liquidation| / last in percent: how far the price still is from it. */
  distancePercent: string;
  /** How much of the way from the entry to the liquidation price the price has gone, 0…1. */
  used: number;
}

export function positionFigures(
  order: Pick<ContractOrder, "direction" | "price" | "quantity" | "margin" | "liquidationPrice">,
  last: bigint,
  terms: ContractTerms,
): PositionFigures | null {
  const { rules, rates } = terms;
  const entry = priceUnits(order.price);
  const quantity = unitsOf(order.quantity, rules.baseScale);
  const margin = unitsOf(order.margin, USDT_SCALE);
  const liquidation = priceUnits(order.liquidationPrice);
  if (entry === null || quantity === null || margin === null || liquidation === null) return null;
  if (margin <= 0n || last <= 0n) return null;
  const long = order.direction === "long";
  const pnl = contractPnl(order.direction, entry, last, quantity, rules);
  const roe = divRound(pnl * 10_000n, margin, "floor");
  const maintenance = divRound(
    contractValue(entry, quantity, rules) * rates.mmr.num,
    rates.mmr.den,
    "ceil",
  );
  const equity = margin + pnl;
  const ratio = equity <= 0n ? 10_000n : divRound(maintenance * 10_000n, equity, "ceil");
  const beyond = long ? last <= liquidation : last >= liquidation;
  const span = long ? entry - liquidation : liquidation - entry;
  const gone = long ? entry - last : last - entry;
  const used = span <= 0n ? 1 : Math.min(1, Math.max(0, Number((gone * 1000n) / span) / 1000));
  return {
    pnl,
    roePercent: formatUnits(roe, 2),
    marginRatioPercent: formatUnits(ratio > 10_000n ? 10_000n : ratio, 2),
    distancePercent: beyond ? "0" : distancePercent(last, liquidation),
    used: beyond ? 1 : used,
  };
}
