// The quant plans' data that is not in the change log. Public: the catalogue (GET /quant/plans
// and GET /quant/strategies) in the public pull when missing or older than
// QUANT_CATALOGUE_MAX_AGE_MS, and at once when /intelligent opens or a subscription is refused.
// The user's: the quota (GET /quant/quota), each plan's recorded backtest once (GET
// /quant/backtests/{plan.backtest.backtestId}: the chart and assumptions, kept for offline) and
// a plan's trades (GET /quant/subscriptions/{id}/trades) while /intelligent shows them. A failed
// read keeps what is stored and never fails the pull: the screen says when none was ever read.
import { ApiError } from "../api/errors";
import {
  getQuantBacktest,
  getQuantPlans,
  getQuantQuota,
  getQuantStrategies,
  getQuantTrades,
} from "../api/quant";
import {
  pruneQuantPlanBacktests,
  readQuantCatalogue,
  readQuantPlanBacktest,
  saveQuantCatalogue,
  saveQuantPlanBacktest,
  saveQuantQuota,
  saveQuantTrades,
} from "../db/quant-data";
import { getSessionUserId } from "../db/session";

/** Like the contract terms: 10 minutes (the plans' backtests are recomputed daily). */
export const QUANT_CATALOGUE_MAX_AGE_MS = 10 * 60_000;
/** Trades read per plan: the newest page is what the screen lists. */
export const QUANT_TRADES_PAGE = 100;

const quiet = { quiet: true };

export async function pullQuantCatalogue(
  options: { now?: number; force?: boolean } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const stored = await readQuantCatalogue();
  const fresh =
    stored !== undefined && now - Date.parse(stored.readAt) < QUANT_CATALOGUE_MAX_AGE_MS;
  if (fresh && options.force !== true) return;
  let plans;
  let strategies;
  try {
    [plans, strategies] = await Promise.all([getQuantPlans(quiet), getQuantStrategies(quiet)]);
  } catch {
    return;
  }
  await saveQuantCatalogue(plans, strategies, new Date(now).toISOString());
}

/** The quota and the plans' recorded backtests this device lacks; never fails the pull. */
export async function pullQuantAccount(userId: string): Promise<void> {
  await Promise.allSettled([pullQuantQuota(userId), pullPlanBacktests(userId)]);
}

export async function pullQuantQuota(userId: string): Promise<void> {
  try {
    await saveQuantQuota(userId, await getQuantQuota(quiet));
  } catch {
    // Kept: the screen shows the stored quota with its age.
  }
}

/**
 * Reads each plan's recorded backtest once; a newer backtest has a new id. The reads need the
 * session, one after another: a sign-out meanwhile ends them (no request without a token).
 */
export async function pullPlanBacktests(userId: string): Promise<void> {
  const catalogue = await readQuantCatalogue();
  if (catalogue === undefined) return;
  await pruneQuantPlanBacktests(
    catalogue.plans.flatMap((plan) => (plan.backtest === null ? [] : [plan.backtest.backtestId])),
  );
  for (const plan of catalogue.plans) {
    const id = plan.backtest?.backtestId;
    if (id === undefined) continue;
    const stored = await readQuantPlanBacktest(id);
    if (stored !== undefined && (stored.status === "done" || stored.status === "failed")) continue;
    if (getSessionUserId() !== userId) return;
    try {
      await saveQuantPlanBacktest(await getQuantBacktest(id, quiet));
    } catch (error) {
      // Gone or not readable: the card shows the summary the catalogue carries.
      if (!(error instanceof ApiError)) throw error;
    }
  }
}

/** The newest page of a plan's trades, stored for offline. */
export async function pullQuantTrades(userId: string, subscriptionId: string): Promise<void> {
  try {
    const page = await getQuantTrades(subscriptionId, { limit: QUANT_TRADES_PAGE }, quiet);
    await saveQuantTrades(userId, page.items);
  } catch {
    // Kept: the list shows what was read before.
  }
}
