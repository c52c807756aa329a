// The signed-in user's balances (API.md /assets/*). Bills arrive through the change log
// (GET /sync); the overview is pulled here because frozen, withdrawing and income are not bills.
import type { AssetsOverview } from "../../protocol";
import { request } from "./client";

/** GET /assets/overview?tz=: income days are the calendar days of this device's time zone. */
export function getAssetsOverview(
  opts: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<AssetsOverview> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return request<AssetsOverview>("GET", "assets/overview", { ...opts, searchParams: { tz } });
}
