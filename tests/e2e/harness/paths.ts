// Where the e2e harness reads and writes on disk. Resolved from this file, not from process.cwd(),
// because vitest may be started from anywhere and the server must run from the repo root.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** Screenshots and server logs for failure diagnosis; gitignored. */
export const artifactsDir = path.join(repoRoot, "tests", "e2e", "artifacts");

export function ensureArtifactsDir(): string {
  mkdirSync(artifactsDir, { recursive: true });
  return artifactsDir;
}

/** A file-name-safe, kebab-case slug ("Login: refuse to sign" -> "login-refuse-to-sign"). */
export function slug(text: string): string {
  const base = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  // Long test names would make unreadable (and on some file systems invalid) file names.
  return base.slice(0, 80) || "unnamed";
}

/** The slug of a test file's name ("tests/e2e/wallet.test.ts" -> "wallet"). */
export function fileSlug(filePath: string): string {
  return slug(path.basename(filePath).replace(/\.test\.ts$/, ""));
}
