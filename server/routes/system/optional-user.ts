// For public routes that remember a signed-in caller when there is one (POST /system/subscribe):
// a valid token sets request.user; a missing, expired or locked one leaves it null, never fails.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../plugins/envelope";

export function optionalUser(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.headers.authorization === undefined) return;
    try {
      await app.requireUser.call(app, request, reply);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      request.user = null;
    }
  };
}
