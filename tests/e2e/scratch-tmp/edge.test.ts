import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import { startServer } from "./server";
const distDir = new URL("./dist", import.meta.url).pathname;
it("kills a server that ignores SIGTERM", async () => {
  const s = await startServer({ distDir, env: { STANDIN_IGNORE_TERM: "1" }, name: "edge" });
  const t = Date.now();
  await s.stop();
  await s.stop();
  expect(Date.now() - t).toBeGreaterThan(9_000);
  expect(existsSync(s.dataDir)).toBe(false);
  await expect(fetch(`${s.url}/health`)).rejects.toThrow();
});
it("reports an early exit with the log tail", async () => {
  await expect(startServer({ distDir, env: { STANDIN_EXIT: "1" }, name: "edge" })).rejects.toThrow(/exited \(3\)[\s\S]*fatal: config invalid/);
});
it("asks for a build when dist is missing", async () => {
  await expect(startServer({ distDir: "/nonexistent" })).rejects.toThrow(/run npm run build first/);
});
