// /admin/users/{address}/lock|unlock.
import type { FastifyPluginAsync } from "fastify";
import { operatorActor } from "../../domain/operators/operator-actor";
import { setUserLocked } from "../../domain/operators/user-lock";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

const addressParams = {
  type: "object",
  required: ["address"],
  properties: { address: { type: "string", pattern: "^0x[0-9a-fA-F]{40}$" } },
} as const;

export const userRoutes: FastifyPluginAsync = async (app) => {
  for (const [action, locked] of [
    ["lock", true],
    ["unlock", false],
  ] as const) {
    app.post<{ Params: { address: string } }>(
      `/users/:address/${action}`,
      { schema: { params: addressParams } },
      async (request) => {
        const actor = operatorActor(signedInUser(request));
        return ok(await setUserLocked(app.db, actor, request.params.address, locked));
      },
    );
  }
};
