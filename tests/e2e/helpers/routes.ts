// Every route of the app, read from the router's generated tree (src/routeTree.gen.ts), so a new
// route is covered by the tests that walk them all (layout, offline) without editing a list.
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../harness/paths";

const generated = readFileSync(path.join(repoRoot, "src", "routeTree.gen.ts"), "utf8");

/** Full paths as the generated tree spells them ("/", "/home", "/data/", "/data/detail", ...). */
export const APP_ROUTES: readonly string[] = [
  ...new Set([...generated.matchAll(/fullPath: '([^']+)'/g)].map((match) => match[1] ?? "")),
].filter((route) => route !== "");

/** A route as a file-name part: "/" -> "root", "/data/detail" -> "data-detail". */
export function routeSlug(route: string): string {
  return route.replace(/^\/|\/$/g, "").replace(/\//g, "-") || "root";
}
