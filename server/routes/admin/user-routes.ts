// /admin/users/{address}/lock|unlock { reason? } (the body is checked by the domain).
import type { FastifyPluginAsync } from "fastify";
import { adminEndpoints } from "../../../protocol/endpoints";
import { operatorActor } from "../../domain/operators/operator-actor";
import { setUserLocked } from "../../domain/operators/user-lock";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const userRoutes: FastifyPluginAsync = async (app) => {
  for (const [endpoint, locked] of [
    [adminEndpoints.lockUser, true],
    [adminEndpoints.unlockUser, false],
  ] as const) {
    defineRoute(app, endpoint, async (request) => {
      const actor = operatorActor(signedInUser(request));
      return ok(await setUserLocked(app.db, actor, request.params.address, locked, request.body));
    });
  }
};
