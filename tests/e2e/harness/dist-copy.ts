// A private copy of the built app for one test file or benchmark: a rebuild of dist/ while it runs
// (another terminal, another agent) cannot swap files under its server, and extra files (a
// benchmark's fixture page) never enter the real build.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "./paths";

export interface DistCopy {
  /** Pass as `startServer({ distDir })` / `useE2E({ server: { distDir } })`. */
  dir: string;
  /** Deletes the copy. Safe twice. */
  remove(): void;
}

/** Copies `<repo>/dist` (which must hold a complete build) plus `extra` files (name → content). */
export function copyDist(extra: Record<string, string> = {}): DistCopy {
  const source = path.join(repoRoot, "dist");
  for (const required of ["index.html", "sw.js"]) {
    if (!existsSync(path.join(source, required))) {
      throw new Error(
        `The built app is incomplete (${required} missing): run npm run build first.`,
      );
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), "quanta-dist-"));
  cpSync(source, dir, { recursive: true });
  for (const [name, content] of Object.entries(extra)) writeFileSync(path.join(dir, name), content);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
