// The user's change log: GET /sync pages through it, /ws/account pokes when it grows
// (API.md "Added paths" and "Websockets"; protocol/sync.ts).
import type { FastifyPluginAsync } from "fastify";
import { socketEndpoints, syncEndpoints } from "../../../protocol/endpoints";
import { readSyncPage } from "../../domain/sync/sync-page";
import { ok } from "../../plugins/envelope";
import { socketRoute } from "../../plugins/websocket";
import { defineRoute, pathUnder } from "../define-route";
import { signedInUser } from "../signed-in-user";

/** Under API_BASE. The cursor is checked by the domain, whose message says what a cursor is. */
export const syncRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, syncEndpoints.sync, async (request) =>
    ok(await readSyncPage(app.db, signedInUser(request).id, request.query.cursor)),
  );
};

/** Under WS_BASE. No schema and no preHandler: a refusal must be a close code the app can read
 * (4401/4403), not an HTTP answer to the upgrade, which browsers hide. */
export const accountSocketRoutes: FastifyPluginAsync = async (app) => {
  socketRoute<{ token?: unknown }>(
    app,
    pathUnder(app, socketEndpoints.account.path),
    (socket, request) => app.accountSockets.accept(socket, request.query.token),
  );
};
