// The /my Summary tab's data (GET /assets/summary, 30 days): income by product and the daily
// equity curve, which are not in the change log. Read on every account pull, since a new bill
// (the pull's trigger) can change both. A failed read keeps the stored summary (the tab says how
// old it is) and never fails the pull.
import { getAssetsSummary } from "../api/assets";
import { saveAccountExtra } from "../db/account-extras-data";

/** The days the Summary tab's curve shows. */
export const SUMMARY_TAB_DAYS = 30;

export async function pullAssetsSummary(userId: string): Promise<void> {
  let summary;
  try {
    summary = await getAssetsSummary(SUMMARY_TAB_DAYS, { quiet: true });
  } catch {
    return;
  }
  await saveAccountExtra("assetsSummaries", userId, summary);
}
