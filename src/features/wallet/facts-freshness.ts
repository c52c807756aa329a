// How fresh /recharge is. The deposit facts (address, token, confirmations) are read again only
// every WALLET_FACTS_MAX_AGE_MS by design (src/sync/pull-wallet.ts): while they are within that
// policy the screen is as fresh as the account pull — it said "Updated 9 minutes ago" while in
// sync. Facts older than the policy allows (reads failing) make the screen that old.
import { WALLET_FACTS_MAX_AGE_MS } from "../../sync/pull-wallet";
import { oldest } from "../../ui/app-state/screen-freshness";

/** One missed re-read (a pull can come up to a minute late) still counts as current. */
const FACTS_CURRENT_MS = 2 * WALLET_FACTS_MAX_AGE_MS;

export function walletScreenFreshness(
  accountAt: string | null,
  factsReadAt: string | null,
  now: number,
): string | null {
  if (factsReadAt !== null && now - Date.parse(factsReadAt) < FACTS_CURRENT_MS) return accountAt;
  return oldest([accountAt, factsReadAt]);
}
