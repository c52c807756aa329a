// Completes package-lock.json with the platform-specific optional packages (rollup, rolldown,
// esbuild, sharp... bindings for other systems) that this machine's npm leaves out. Without them
// `npm ci` refuses the lockfile ("Missing: @rollup/rollup-darwin-arm64@ from lock file") on every
// machine, this one included. Run after any `npm install` that changes dependencies:
//   npx tsx scripts/complete-lockfile.ts && npm ci
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

interface LockEntry {
  version?: string;
  integrity?: string;
  resolved?: string;
  optional?: boolean;
  dev?: boolean;
  devOptional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  license?: string;
  engines?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
}

interface Lock {
  packages: Record<string, LockEntry>;
}

interface Manifest {
  version: string;
  license?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  engines?: Record<string, string>;
  dist: { integrity: string };
}

const lockPath = "package-lock.json";
const lock = JSON.parse(readFileSync(lockPath, "utf8")) as Lock;

/** Where Node would find `name` from the package at `from` (walks up the node_modules chain). */
function resolve(from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (base === "") return null;
    const index = base.lastIndexOf("/node_modules/");
    base = index === -1 ? "" : base.slice(0, index);
  }
}

/** The package's manifest, or null when the registry reached from here does not serve it. */
function view(name: string, range: string): Manifest | null {
  try {
    const out = execFileSync("npm", ["view", `${name}@${range}`, "--json"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const parsed = JSON.parse(out) as Manifest | Manifest[];
    return (Array.isArray(parsed) ? parsed[parsed.length - 1] : parsed) ?? null;
  } catch {
    return null;
  }
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const found = resolve(path, name);
    // Platform bindings are pinned exactly; one of another version (a second rolldown) is not it.
    const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range);
    if (found !== null && (!exact || lock.packages[found]?.version === range)) continue;
    const manifest = view(name, range);
    // Nested under the parent, so only the parent that asked for it can see it.
    const target = `${path ? `${path}/` : ""}node_modules/${name}`;
    const flags = entry.dev || entry.devOptional ? { dev: true } : {};
    // A package the registry does not serve here is recorded by version only: npm ci accepts the
    // lockfile, and an optional package it cannot fetch is skipped, never fatal.
    lock.packages[target] = manifest
      ? {
          version: manifest.version,
          integrity: manifest.dist.integrity,
          ...flags,
          optional: true,
          ...(manifest.cpu ? { cpu: manifest.cpu } : {}),
          ...(manifest.os ? { os: manifest.os } : {}),
          ...(manifest.libc ? { libc: manifest.libc } : {}),
          ...(manifest.license ? { license: manifest.license } : {}),
          ...(manifest.engines ? { engines: manifest.engines } : {}),
        }
      : { version: range, ...flags, optional: true };
    added++;
    console.log(
      `complete-lockfile: ${target}@${manifest?.version ?? `${range} (not served here)`}`,
    );
  }
}

const sorted: Record<string, LockEntry> = {};
for (const key of Object.keys(lock.packages).sort((a, b) =>
  a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
)) {
  const value = lock.packages[key];
  if (value) sorted[key] = value;
}
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} entries`);
