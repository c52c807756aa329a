// POST /admin/messages: an operator writes to one user (audited; the user's apps get a poke).
import type { FastifyPluginAsync } from "fastify";
import { adminEndpoints } from "../../../protocol/endpoints";
import { sendOperatorMessage } from "../../domain/messages/operator-message";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const messageRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminEndpoints.sendMessage, async (request) =>
    ok(await sendOperatorMessage(app.db, operatorActor(signedInUser(request)), request.body)),
  );
};
