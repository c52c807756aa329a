// The signed-in user's balances (API.md /assets/*). Bills arrive through the change log
// (GET /sync); the overview is pulled here because frozen, withdrawing and income are not bills.
import type { Static } from "@sinclair/typebox";
import type { AssetsOverview } from "../../protocol";
import type { AssetsSummaryAnswer } from "../../protocol/endpoints/assets";
import { request } from "./client";

type AssetsSummary = Static<typeof AssetsSummaryAnswer>;

/** GET /assets/overview?tz=: income days are the calendar days of this device's time zone. */
export function getAssetsOverview(
  opts: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<AssetsOverview> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return request<AssetsOverview>("GET", "assets/overview", { ...opts, searchParams: { tz } });
}

/** GET /assets/summary?days=&tz=: income by product and the daily equity curve, in this device's days. */
export function getAssetsSummary(
  days: number,
  opts: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<AssetsSummary> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return request<AssetsSummary>("GET", "assets/summary", {
    ...opts,
    searchParams: { days, tz },
  });
}
