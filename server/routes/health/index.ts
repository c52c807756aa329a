// GET /health — outside /api/v1 and not enveloped (API.md "Added paths"), for load balancers,
// the start script and tests. 200 when the database answers, 503 otherwise.
import type { FastifyPluginAsync } from "fastify";
import { healthEndpoints } from "../../../protocol/endpoints";
import { HealthAnswer } from "../../../protocol/endpoints/health";
import type { QuantaMode } from "../../../protocol/health";
import { checkHealth } from "../../domain/status/health-check";
import { defineRoute } from "../define-route";

export const healthRoutes: FastifyPluginAsync<{ mode: QuantaMode; version: string }> = async (
  app,
  { mode, version },
) => {
  defineRoute(
    app,
    healthEndpoints.health,
    async (request, reply) => {
      const { health, failure } = await checkHealth(app.db, { mode, version });
      if (failure) request.log.error({ err: failure }, "health check failed");
      // Probers must always see the current state, never a cached one.
      reply.header("cache-control", "no-store").code(health.ok ? 200 : 503);
      return health;
    },
    { schema: { response: { 200: HealthAnswer, 503: HealthAnswer } } },
  );
};
