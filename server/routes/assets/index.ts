// /assets: the signed-in user's balances and bills, read from the ledger.
import type { FastifyPluginAsync } from "fastify";
import { assetsEndpoints } from "../../../protocol/endpoints";
import { assetsOverview } from "../../domain/assets/assets-overview";
import { assetsSummary } from "../../domain/assets/assets-summary";
import { listUserBills } from "../../domain/assets/list-bills";
import { isTimeZone } from "../../domain/income/income-days";
import { invalid } from "../../domain/errors";
import { SUMMARY_DAYS } from "../../../protocol/endpoints/assets";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

/** The `tz` query: an IANA zone the runtime knows, UTC when absent; 400 VALIDATION otherwise. */
function timeZoneOf(tz: string | undefined): string {
  const zone = tz ?? "UTC";
  if (!isTimeZone(zone)) {
    throw invalid("tz", "format", "tz must be an IANA time zone name, e.g. Europe/Berlin");
  }
  return zone;
}

export const assetsRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, assetsEndpoints.overview, async (request) => {
    const tz = timeZoneOf(request.query.tz);
    return ok(await assetsOverview(app.db, signedInUser(request).id, tz));
  });

  defineRoute(app, assetsEndpoints.summary, async (request) => {
    const timeZone = timeZoneOf(request.query.tz);
    const days = request.query.days ?? SUMMARY_DAYS.default;
    return ok(await assetsSummary(app.db, signedInUser(request).id, { days, timeZone }));
  });

  defineRoute(app, assetsEndpoints.bills, async (request) => {
    const { type, asset } = request.query;
    const query = { type: type ?? null, asset: asset ?? null, ...pageOf(request.query) };
    return ok(await listUserBills(app.db, signedInUser(request).id, query));
  });
};
