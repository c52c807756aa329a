// POST /admin/messages/all: an operator writes to every wallet user (audited; `manage` only).
import type { FastifyPluginAsync } from "fastify";
import { adminUsersEndpoints } from "../../../protocol/endpoints";
import { broadcastMessage } from "../../domain/messages/broadcast-message";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const messageBroadcastRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminUsersEndpoints.broadcastMessage, async (request) =>
    ok(await broadcastMessage(app.db, operatorActor(signedInUser(request)), request.body)),
  );
};
