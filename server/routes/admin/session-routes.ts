// /admin/session: the operator's second factor (protocol/endpoints/admin-session.ts).
// Placeholder while the contract lands first: every call answers 503 until operator sessions
// are built on this branch.
import type { FastifyPluginAsync } from "fastify";
import { adminSessionEndpoints } from "../../../protocol/endpoints";
import { DomainError } from "../../domain/errors";
import { defineRoute } from "../define-route";

const notYet = (): never => {
  throw new DomainError("UNAVAILABLE", { part: "server" }, "Operator sessions are not built yet");
};

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  for (const spec of Object.values(adminSessionEndpoints)) {
    defineRoute(app, spec, async () => notYet());
  }
};
