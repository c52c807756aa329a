// /assets: the signed-in user's balances and bills, read from the ledger.
import type { FastifyPluginAsync } from "fastify";
import { BILL_TYPE_CODES } from "../../../protocol/ledger";
import { assetsOverview } from "../../domain/assets/assets-overview";
import { listUserBills } from "../../domain/assets/list-bills";
import { ASSETS } from "../../../protocol/assets";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../domain/operators/list-page";
import { isTimeZone } from "../../domain/income/income-days";
import { ApiError, ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

// The user's time zone for income days (server/domain/income); checked against Intl below.
const overviewQuery = {
  type: "object",
  properties: { tz: { type: "string", minLength: 1, maxLength: 64 } },
} as const;

const billsQuery = {
  type: "object",
  properties: {
    type: { type: "integer", enum: BILL_TYPE_CODES },
    asset: { type: "string", enum: ASSETS },
    cursor: { type: "string", pattern: "^[1-9][0-9]{0,17}$" },
    limit: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
} as const;

interface BillsQuery {
  type?: number;
  asset?: string;
  cursor?: string;
  limit: number;
}

export const assetsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { tz?: string } }>(
    "/overview",
    { preHandler: app.requireUser, schema: { querystring: overviewQuery } },
    async (request) => {
      const tz = request.query.tz ?? "UTC";
      if (!isTimeZone(tz)) {
        throw new ApiError(
          400,
          "VALIDATION",
          "tz must be an IANA time zone name, e.g. Europe/Berlin",
        );
      }
      return ok(await assetsOverview(app.db, signedInUser(request).id, tz));
    },
  );

  app.get<{ Querystring: BillsQuery }>(
    "/bills",
    { preHandler: app.requireUser, schema: { querystring: billsQuery } },
    async (request) => {
      const { type, asset, cursor, limit } = request.query;
      const query = { type: type ?? null, asset: asset ?? null, cursor: cursor ?? null, limit };
      return ok(await listUserBills(app.db, signedInUser(request).id, query));
    },
  );
};
