// How many decimals the ledger keeps of an asset (DESIGN §5): what an amount field accepts.
import { USDT_SCALE } from "./wallet-text";

/** The ledger's scale for every asset but USDT. */
const OTHER_SCALE = 8;

export function assetScale(asset: string): number {
  return asset === "USDT" ? USDT_SCALE : OTHER_SCALE;
}
