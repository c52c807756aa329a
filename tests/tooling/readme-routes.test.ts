// README/API drift: every route the server registers appears in the README's route
// table, in ../shared/API.md's terms (paths after /api/v1, `{id}` for parameters), and the table
// names no route the server does not have. HEAD (Fastify's twin of every GET) and the tests' own
// routes are left out.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { registeredRoutes, routesOfTree } from "../server/helpers/registered-routes";
import { buildTestApp, TEST_ROUTES } from "../server/helpers/test-app";
import { usePglite } from "../server/helpers/test-db";

const getDb = usePglite();

function inApiTerms(route: string): string | null {
  const [method, path = ""] = route.split(" ");
  if (path === "*" || path.startsWith(`${TEST_ROUTES}/`)) return null;
  // /api/v1/rpc/ is the same relay as /api/v1/rpc (a trailing slash some wallets send).
  const trimmed = path.length > 1 ? path.replace(/\/$/, "") : path;
  const api = trimmed.startsWith(`${API_BASE}/`) ? trimmed.slice(API_BASE.length) : trimmed;
  return `${method} ${api.replace(/:([A-Za-z]+)/g, "{$1}")}`;
}

/** "GET /assets/overview" for every row of the README's route table. */
function readmeRoutes(): string[] {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.split("\n## ").find((s) => s.startsWith("API routes"));
  if (section === undefined) throw new Error('README.md has no "## API routes" section');
  return [...section.matchAll(/^\| ([A-Z, ]+?) +\| `([^`]+)` +\|/gm)].flatMap((m) =>
    (m[1] ?? "").split(", ").map((method) => `${method.trim()} ${m[2] ?? ""}`),
  );
}

describe("README route table", () => {
  it("lists exactly the routes the server registers", async () => {
    const app = await buildTestApp({ db: getDb() });
    try {
      await app.ready();
      const served = [...new Set(registeredRoutes(app).flatMap((r) => inApiTerms(r) ?? []))].sort();
      expect(served).toContain("GET /assets/overview");
      expect(readmeRoutes().sort()).toEqual(served);
    } finally {
      await app.close();
    }
  });

  it("reads a printed route tree, children under their parents", () => {
    const tree = [
      "├── /api/v1/auth/signin (POST)",
      "│   └── -wallet (POST)",
      "├── /api/v1/profile/message (GET, HEAD)",
      "│   └── /:id (GET, HEAD)",
      "│       └── /read (POST)",
      "└── /ws/data (GET, HEAD)",
    ].join("\n");
    expect(routesOfTree(tree).map(inApiTerms)).toEqual([
      "POST /auth/signin",
      "POST /auth/signin-wallet",
      "GET /profile/message",
      "GET /profile/message/{id}",
      "POST /profile/message/{id}/read",
      "GET /ws/data",
    ]);
  });
});
