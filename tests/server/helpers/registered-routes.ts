// The routes an app registered, read from Fastify's printed route tree ("GET /assets/overview"
// lines). HEAD, Fastify's twin of every GET, is left out.
import type { FastifyInstance } from "fastify";

/** "GET /api/v1/profile/message/:id" for every route in a printed tree. */
export function routesOfTree(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = (stack[depth - 1] ?? "") + (match[2] ?? "");
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? "").split(", ")) {
      if (method !== "HEAD") routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

export function registeredRoutes(app: FastifyInstance): string[] {
  return routesOfTree(app.printRoutes({ commonPrefix: false }));
}
