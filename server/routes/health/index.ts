// GET /health — outside /api/v1 and not enveloped (API.md "Added paths"), for load balancers,
// the start script and tests. 200 when the database answers, 503 otherwise.
import type { FastifyPluginAsync } from "fastify";
import type { QuantaMode } from "../../../protocol/health";
import { HEALTH_PATH } from "../../../protocol/paths";
import { checkHealth } from "../../domain/status/health-check";

const healthSchema = {
  type: "object",
  required: ["ok", "mode", "version"],
  properties: {
    ok: { type: "boolean" },
    mode: { type: "string", enum: ["demo", "production"] },
    version: { type: "string" },
  },
} as const;

export const healthRoutes: FastifyPluginAsync<{ mode: QuantaMode; version: string }> = async (
  app,
  { mode, version },
) => {
  app.get(
    HEALTH_PATH,
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      const { health, failure } = await checkHealth(app.db, { mode, version });
      if (failure) request.log.error({ err: failure }, "health check failed");
      // Probers must always see the current state, never a cached one.
      reply.header("cache-control", "no-store").code(health.ok ? 200 : 503);
      return health;
    },
  );
};
