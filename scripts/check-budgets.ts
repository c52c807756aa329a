// Run after `vite build`: fails the build when a size budget of DESIGN §8 is broken.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { checkBudgets, kb, type Manifest } from "./lib/budgets";

const dist = process.env.APP_DIST_DIR ?? "dist";
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

// The precache list is inlined into sw.js by Workbox as {"revision":"…","url":"…"} entries.
const sw = readFileSync(join(dist, "sw.js"), "utf8");
const precached = [...sw.matchAll(/"?url"?:"([^"]+)"/g)].map((match) => match[1] ?? "");
if (precached.length === 0) {
  console.error(
    "budgets: found no precache entries in sw.js — has the service worker build changed?",
  );
  process.exit(1);
}

const report = checkBudgets(manifest, gzipSize, precached);
console.log(`budgets: entry JS ${kb(report.entryGzip)} gzip (${report.entryFiles.length} files)`);
const largest = [...report.routes].sort((a, b) => b.gzip - a.gzip)[0];
if (largest) console.log(`budgets: largest route chunk ${largest.route} ${kb(largest.gzip)} gzip`);
console.log(`budgets: ${precached.length} precached files, none of them wallet code`);
if (report.violations.length > 0) {
  for (const violation of report.violations) console.error(`budgets: ${violation}`);
  process.exit(1);
}
