// SCRATCH stand-in for server/main.ts — never committed.
import { createServer } from "node:http";
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
const dist = process.env.APP_DIST_DIR!;
const server = createServer((req, res) => {
  const url = new URL(req.url!, "http://x");
  console.log(req.method, url.pathname);
  if (url.pathname === "/health") {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ ok: true, mode: process.env.QUANTA_MODE, version: "0.0.0" }));
    return;
  }
  const file = path.join(dist, url.pathname);
  const target = existsSync(file) && !file.endsWith("/") && path.extname(file) ? file : path.join(dist, "index.html");
  const types: Record<string, string> = { ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".webmanifest": "application/manifest+json", ".json": "application/json" };
  res.setHeader("content-type", types[path.extname(target)] ?? "text/html");
  res.setHeader("content-security-policy", "default-src 'self'; script-src 'self'");
  res.end(readFileSync(target));
});
server.listen(Number(process.env.PORT), process.env.HOST, () => console.log("listening", process.env.PORT, "NODE_ENV", process.env.NODE_ENV, "VITEST", process.env.VITEST));
if (process.env.STANDIN_EXIT) { console.error("fatal: config invalid"); process.exit(3); }
process.on("SIGTERM", () => { if (process.env.STANDIN_IGNORE_TERM) { console.log("ignoring SIGTERM"); return; } console.log("SIGTERM"); server.close(() => process.exit(0)); });
