// Reads a production build (dist/) for the size budgets and the entry benchmark: Vite's
// manifest, each file's gzip size (level 9, as a server compresses static files once), and the
// service worker's precache list.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Manifest } from "./budgets";

export interface BuildOutput {
  manifest: Manifest;
  gzipSize: (file: string) => number;
  /** The URLs Workbox inlined into sw.js as {"revision":"…","url":"…"} entries. */
  precached: string[];
}

export function readBuildOutput(dist: string): BuildOutput {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const sw = readFileSync(join(dist, "sw.js"), "utf8");
  const precached = [...sw.matchAll(/"?url"?:"([^"]+)"/g)].map((match) => match[1] ?? "");
  return { manifest, gzipSize, precached };
}
