// The spot trading terms of the account pull (GET /spot/config): fee rates, slippage cap, price
// age limit and the listed symbols. Like the wallet facts they change rarely, so they are fetched
// when missing or older than SPOT_CONFIG_MAX_AGE_MS, not on every pull. A failed read keeps the
// last stored answer (the order form says when none was ever read) and never fails the pull.
import { getConfig } from "../api/spot";
import { readSpotConfig, saveSpotConfig } from "../db/spot-data";
import { WALLET_FACTS_MAX_AGE_MS } from "./pull-wallet";
import { getSessionUserId } from "../db/session";

/** Same budget as the wallet facts: 10 minutes. */
export const SPOT_CONFIG_MAX_AGE_MS = WALLET_FACTS_MAX_AGE_MS;

export async function pullSpotConfig(userId: string, now = Date.now()): Promise<void> {
  const stored = await readSpotConfig(userId);
  if (stored !== undefined && now - Date.parse(stored.readAt) < SPOT_CONFIG_MAX_AGE_MS) return;
  // Signed out while the device was read: no request without a token.
  if (getSessionUserId() !== userId) return;
  let config;
  try {
    config = await getConfig({ quiet: true });
  } catch {
    return;
  }
  await saveSpotConfig(userId, config, new Date(now).toISOString());
}
