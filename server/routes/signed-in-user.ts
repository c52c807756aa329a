// The caller of a route guarded by requireUser/requireOperator. Those preHandlers always set
// request.user; a null here means a route forgot its guard, which is a bug, not a client error.
import type { FastifyRequest } from "fastify";
import type { AuthUser } from "../plugins/auth";

export function signedInUser(request: FastifyRequest): AuthUser {
  if (request.user === null) throw new Error(`${request.url} has no auth preHandler`);
  return request.user;
}
