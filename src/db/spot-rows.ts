// The rows of the spot tables (database v6): orders as the change log (and the order commands'
// answers) deliver them, and one row per user of the trading terms the account pull stores.
import type { SpotConfig, SpotOrder } from "../../protocol/spot";

/** An order of the signed-in user (entity "spot-order", or a POST/DELETE answer). */
export interface SpotOrderRow extends SpotOrder {
  userId: string;
}

/** GET /spot/config as last pulled, one row per user (it needs the user's token). */
export interface SpotConfigRow {
  userId: string;
  config: SpotConfig;
  /** When it was read (ISO-8601): asked for again after SPOT_CONFIG_MAX_AGE_MS. */
  readAt: string;
}
