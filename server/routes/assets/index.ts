// /assets: the signed-in user's balances and bills, read from the ledger.
import type { FastifyPluginAsync } from "fastify";
import { assetsEndpoints } from "../../../protocol/endpoints";
import { assetsOverview } from "../../domain/assets/assets-overview";
import { listUserBills } from "../../domain/assets/list-bills";
import { isTimeZone } from "../../domain/income/income-days";
import { invalid } from "../../domain/errors";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const assetsRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, assetsEndpoints.overview, async (request) => {
    const tz = request.query.tz ?? "UTC";
    if (!isTimeZone(tz)) {
      throw invalid("tz", "format", "tz must be an IANA time zone name, e.g. Europe/Berlin");
    }
    return ok(await assetsOverview(app.db, signedInUser(request).id, tz));
  });

  defineRoute(app, assetsEndpoints.bills, async (request) => {
    const { type, asset } = request.query;
    const query = { type: type ?? null, asset: asset ?? null, ...pageOf(request.query) };
    return ok(await listUserBills(app.db, signedInUser(request).id, query));
  });
};
