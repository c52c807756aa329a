// What Quanta's plugin stack costs per request: /health through the real app (in-memory PGlite)
// against a bare Fastify app answering the same JSON, both through inject (no socket noise).
import Fastify from "fastify";
import { measure, report } from "./measure";
import { buildBenchApp } from "./quanta-app";

export async function benchHttp(): Promise<void> {
  const { app, db } = await buildBenchApp();
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
