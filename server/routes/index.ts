// Registers every route area. An area is a folder under routes/ exporting a plugin; API areas
// mount under API_BASE with their own prefix, e.g.
//   await app.register(systemRoutes, { prefix: `${API_BASE}/system` });
import type { FastifyInstance } from "fastify";
import type { QuantaMode } from "../../protocol/health";
import { healthRoutes } from "./health/index";

export interface RouteContext {
  mode: QuantaMode;
  version: string;
}

export async function registerRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  await app.register(healthRoutes, context);
}
