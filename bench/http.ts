// What Quanta's plugin stack costs per request: /health through the real app (in-memory PGlite)
// against a bare Fastify app answering the same JSON, both through inject (no socket noise).
import Fastify from "fastify";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { createPgliteDb } from "../server/db/pglite-db";
import { migrate } from "../server/db/migrate";
import { measure, report } from "./measure";

export async function benchHttp(): Promise<void> {
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
  });
  await app.ready();
  const bare = Fastify();
  bare.get("/health", async () => ({ ok: true, mode: "demo", version: "bench" }));
  await bare.ready();

  const baseline = await measure("bare fastify", () => bare.inject("/health"));
  const subject = await measure("quanta app", () => app.inject("/health"));
  report("http /health", subject, baseline);
  await Promise.all([app.close(), bare.close()]);
  await db.close();
}
