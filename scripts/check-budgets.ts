// Run after `vite build`: fails the build when a size budget of DESIGN §8 is broken.
import { checkBudgets, kb } from "./lib/budgets";
import { readBuildOutput } from "./lib/build-output";

const { manifest, gzipSize, precached } = readBuildOutput(process.env.APP_DIST_DIR ?? "dist");
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
const consoleChunks = Object.values(manifest).filter((chunk) => /(^|\/)admin-/.test(chunk.file));
console.log(
  `budgets: ${consoleChunks.length} console (admin-*) chunks, none precached or loaded by the user app`,
);
if (report.violations.length > 0) {
  for (const violation of report.violations) console.error(`budgets: ${violation}`);
  process.exit(1);
}
