// `npm run bench -- entry-size` (needs `npm run build`): the entry JS a first visit downloads
// before anything shows — index.html's script and everything it imports statically, gzip level 9,
// as the build's budget check counts it (scripts/lib/budgets.ts). An absolute figure, not a ratio:
// its goal (issue 19) is ≤ 100 KB. Beside it, the first routes' own chunks, so a smaller entry
// that only moved its cost to the first screen shows here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { checkBudgets, kb, staticClosure, type Manifest } from "../scripts/lib/budgets";
import { recordGoal } from "./goals";

const GOAL_KB = 100;
/** The screens a first visit opens: /home signed in, /login signed out. */
const FIRST_ROUTES = ["src/routes/_auth/home.tsx", "src/routes/_guest/login.tsx"];

export function benchEntrySize(): Promise<void> {
  const dist = process.env.APP_DIST_DIR ?? "dist";
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const report = checkBudgets(manifest, gzipSize, []);
  const entryKb = report.entryGzip / 1024;
  console.log(
    `entry-size: entry JS ${kb(report.entryGzip)} gzip in ${report.entryFiles.length} files (` +
      `${recordGoal({
        figure: "entry JS, KB gzip",
        value: Math.round(entryKb * 10) / 10,
        kind: "atMost",
        target: GOAL_KB,
        baseline: "the issue's absolute budget",
      })})`,
  );
  // What each first route adds to the entry: its chunks and what they import statically.
  const entry = new Set(report.entryFiles);
  for (const route of FIRST_ROUTES) {
    const files = new Set(
      Object.keys(manifest)
        .filter((key) => key.replace(/\?.*$/, "") === route)
        .flatMap((key) => staticClosure(manifest, key))
        .filter((file) => file.endsWith(".js") && !entry.has(file)),
    );
    const gzip = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    console.log(`entry-size: ${route} adds ${kb(gzip)} gzip in ${files.size} files`);
  }
  return Promise.resolve();
}
