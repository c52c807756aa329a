// Every route of the app, read from the router's generated tree (src/routeTree.gen.ts, written by
// `npm run gen`, which `npm run build` runs first), so a route added to src/routes joins every
// test that walks "all routes" without anyone editing a list.
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../harness/paths";

/** The full paths of every route, e.g. "/", "/home", "/data/" and "/data/detail", sorted. */
export function appRoutePaths(): string[] {
  const source = readFileSync(path.join(repoRoot, "src", "routeTree.gen.ts"), "utf8");
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(source)?.[1];
  if (block === undefined) throw new Error("routeTree.gen.ts has no FileRoutesByFullPath");
  const paths = [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1] ?? "");
  if (paths.length === 0) throw new Error("routeTree.gen.ts lists no routes");
  return paths.sort();
}

/** Routes a signed-in user is sent away from (no screen of their own to check). */
export const REDIRECTING_ROUTES: ReadonlySet<string> = new Set(["/", "/login"]);

/**
 * The URL to open for a route: routes that show one item take its id in `?id=` (validateIdSearch);
 * `ids` gives one per such route (e.g. { "/data/detail": "welcome-to-quanta" }).
 */
export function routeUrl(route: string, ids: Readonly<Record<string, string>> = {}): string {
  const id = ids[route];
  return id === undefined ? route : `${route}?id=${encodeURIComponent(id)}`;
}

/** Full paths as the generated tree spells them ("/", "/home", "/data/", "/data/detail", ...). */
export const APP_ROUTES: readonly string[] = appRoutePaths();

/** A route as a file-name part: "/" -> "root", "/data/detail" -> "data-detail". */
export function routeSlug(route: string): string {
  return route.replace(/^\/|\/$/g, "").replace(/\//g, "-") || "root";
}
