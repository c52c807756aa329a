/**
 * The size budgets of DESIGN §8, computed from Vite's build manifest:
 * - the entry (index.html's script and everything it imports statically) <= 100 KB gzip (issue 19:
 *   React's API rendered by Preact, vite.config.ts; 74 KB when it was set);
 * - each route's own chunk <= 60 KB gzip;
 * - wallet chunks (`wallet-*`) are exempt from size, but must not be reachable statically from
 *   the entry and must not be in the service worker's precache list;
 * - the operator console's chunks (`admin-*`, src/features/admin/README.md) likewise: no user chunk
 *   (the entry, a user route) imports one statically, none is precached, and every /admin route
 *   chunk is one — so the naming the first two rules rely on cannot silently stop happening.
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const ENTRY_BUDGET_BYTES = 100 * 1024;
export const ROUTE_BUDGET_BYTES = 60 * 1024;

export interface BudgetReport {
  entryFiles: string[];
  entryGzip: number;
  routes: { route: string; file: string; gzip: number }[];
  violations: string[];
}

const isWalletFile = (file: string) => /(^|\/)wallet-[^/]*\.js$/.test(file);
const isAdminFile = (file: string) => /(^|\/)admin-[^/]*\.(js|css)$/.test(file);
const isAdminRoute = (key: string) => /^src\/routes\/admin(\.tsx|\/)/.test(key);

/** Every file reachable from `key` through static imports, the chunk itself included. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const next of manifest[k]?.imports ?? []) visit(next);
  };
  visit(key);
  return [...seen].flatMap((k) => (manifest[k] ? [manifest[k].file] : []));
}

export function checkBudgets(
  manifest: Manifest,
  gzipSize: (file: string) => number,
  precached: readonly string[],
): BudgetReport {
  const violations: string[] = [];
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entryKey === undefined)
    return {
      entryFiles: [],
      entryGzip: 0,
      routes: [],
      violations: ["no entry chunk in the manifest"],
    };

  const entryFiles = staticClosure(manifest, entryKey).filter((file) => file.endsWith(".js"));
  const entryGzip = entryFiles.reduce((sum, file) => sum + gzipSize(file), 0);
  if (entryGzip > ENTRY_BUDGET_BYTES) {
    violations.push(`entry JS is ${kb(entryGzip)} gzip, over the ${kb(ENTRY_BUDGET_BYTES)} budget`);
  }
  for (const file of entryFiles.filter(isWalletFile)) {
    violations.push(
      `wallet chunk ${file} is loaded statically by the entry; only /login may load it`,
    );
  }

  const routes = Object.entries(manifest)
    .filter(([key]) => key.startsWith("src/routes/"))
    .map(([key, chunk]) => ({
      route: key.replace(/\?.*$/, ""),
      file: chunk.file,
      gzip: gzipSize(chunk.file),
    }));
  for (const route of routes) {
    if (route.gzip > ROUTE_BUDGET_BYTES) {
      violations.push(
        `${route.route} chunk is ${kb(route.gzip)} gzip, over the ${kb(ROUTE_BUDGET_BYTES)} budget`,
      );
    }
  }

  for (const url of precached.filter((entry) => isWalletFile(entry) || entry.endsWith(".wasm"))) {
    violations.push(`${url} is in the service worker precache; wallet code must stay out of it`);
  }
  violations.push(...consoleViolations(manifest, entryFiles, precached));
  return { entryFiles, entryGzip, routes, violations };
}

/** The console's separation from the user app (see the header). */
function consoleViolations(
  manifest: Manifest,
  entryFiles: readonly string[],
  precached: readonly string[],
): string[] {
  const violations: string[] = [];
  for (const file of entryFiles.filter(isAdminFile)) {
    violations.push(`console chunk ${file} is loaded statically by the entry`);
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (isAdminFile(chunk.file) || chunk.isEntry) continue;
    for (const file of staticClosure(manifest, key).filter(isAdminFile)) {
      violations.push(`console chunk ${file} is imported by the user app's ${chunk.file}`);
    }
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (isAdminRoute(key) && key.includes("?tsr-split") && !isAdminFile(chunk.file)) {
      violations.push(`${key} is built as ${chunk.file}, not as a console (admin-*) chunk`);
    }
    if (!isAdminRoute(key) && key.startsWith("src/routes/") && isAdminFile(chunk.file)) {
      violations.push(`${key} is a user route built as a console chunk ${chunk.file}`);
    }
  }
  for (const url of precached.filter(isAdminFile)) {
    violations.push(`${url} is in the service worker precache; the console must stay out of it`);
  }
  return violations;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * The JS a first screen needs before it paints: the entry and the route component's chunk with
 * everything it imports statically, each file once. `route` is the route file, e.g.
 * "src/routes/_auth/home.tsx"; its code-split component chunk is what the router loads.
 */
export function firstScreen(
  manifest: Manifest,
  gzipSize: (file: string) => number,
  route: string,
): { files: string[]; gzip: number; beyondEntryGzip: number } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = new Set(entryKey === undefined ? [] : staticClosure(manifest, entryKey));
  const routeKey = Object.keys(manifest).find((key) => key.replace(/\?.*$/, "") === route);
  const routeFiles = routeKey === undefined ? [] : staticClosure(manifest, routeKey);
  const files = [...new Set([...entry, ...routeFiles])].filter((file) => file.endsWith(".js"));
  const size = (list: string[]) => list.reduce((sum, file) => sum + gzipSize(file), 0);
  return {
    files,
    gzip: size(files),
    beyondEntryGzip: size(files.filter((file) => !entry.has(file))),
  };
}
