// The real Quanta app for benchmarks: every plugin, on a fresh in-memory PGlite, demo mode,
// silent, with the rate limit and the socket quota out of the way (a benchmark is one client
// address sending flat out, or holding thousands of sockets).
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildAppOptions } from "../server/app";
import { loadConfig } from "../server/config";
import type { Db } from "../server/db/db";
import { migrate } from "../server/db/migrate";
import { createPgliteDb } from "../server/db/pglite-db";

export async function buildBenchApp(
  options: Pick<BuildAppOptions, "marketSockets"> = {},
): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await createPgliteDb();
  await migrate(db);
  const config = loadConfig({
    QUANTA_MODE: "demo",
    APP_DIST_DIR: "/nonexistent",
    LOG_LEVEL: "silent",
  });
  const app = await buildApp({
    config,
    db,
    logger: false,
    rateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 },
    socketsPerClient: 1_000_000,
    ...options,
  });
  return { app, db };
}
