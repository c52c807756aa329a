// /admin/users (search), /admin/users/{address} (detail) and …/bills: reads for operators.
import type { FastifyPluginAsync } from "fastify";
import { adminUsersEndpoints } from "../../../protocol/endpoints";
import { searchUsers, userBills, userDetail } from "../../domain/operators/user-directory";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";

export const userDirectoryRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminUsersEndpoints.searchUsers, async (request) =>
    ok(
      await searchUsers(app.db, {
        address: request.query.address ?? null,
        ...pageOf(request.query),
      }),
    ),
  );

  defineRoute(app, adminUsersEndpoints.userDetail, async (request) =>
    ok(await userDetail(app.db, request.params.address)),
  );

  defineRoute(app, adminUsersEndpoints.userBills, async (request) => {
    const { type, asset } = request.query;
    const query = { type: type ?? null, asset: asset ?? null, ...pageOf(request.query) };
    return ok(await userBills(app.db, request.params.address, query));
  });
};
