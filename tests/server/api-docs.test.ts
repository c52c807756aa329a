// GET /api/docs publishes the endpoint contract as OpenAPI 3.1: every route the server registers
// is in it, and it names no route the server does not have. GET /api/docs.html is the same list,
// readable and escaped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { ENDPOINTS, systemEndpoints } from "../../protocol/endpoints";
import { openApiPath } from "../../server/routes/docs/openapi";
import { escapeHtml } from "../../server/routes/docs/docs-page";
import { registeredRoutes } from "./helpers/registered-routes";
import { buildTestApp, TEST_ROUTES } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ db: getDb() });
});
afterAll(async () => {
  await app.close();
});

const COVERS = systemEndpoints.contentImage.path;

/** "get /api/v1/spot/orders/{id}" for a served route; null for the tests' own. */
function asOperation(route: string): string | null {
  const [method = "", printed = ""] = route.split(" ");
  if (printed.startsWith(`${TEST_ROUTES}/`)) return null;
  // @fastify/static's route for the article covers prints as its bare wildcard.
  const path = printed === "*" ? COVERS : printed;
  // The JSON-RPC relay's prefix route answers with and without its trailing slash.
  const trimmed = path.length > 1 && !path.endsWith("*") ? path.replace(/\/$/, "") : path;
  return `${method.toLowerCase()} ${openApiPath(trimmed)}`;
}

describe("GET /api/docs", () => {
  it("is an OpenAPI 3.1 document of exactly the routes the server registers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(document.openapi).toBe("3.1.0");

    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m} ${path}`))
      .sort();
    const served = [...new Set(registeredRoutes(app).flatMap((r) => asOperation(r) ?? []))].sort();
    expect(served).toContain("get /api/v1/spot/orders");
    expect(served).toContain("get /api/docs");
    expect(app.hasRoute({ method: "GET", url: COVERS })).toBe(true);
    expect(documented).toEqual(served);
  });

  it("describes a list endpoint's query, an id parameter, a header and the envelope", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/docs" })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    const list = document.paths["/api/v1/spot/orders"]?.["get"];
    expect(list?.["parameters"]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "cursor", in: "query", required: false }),
        expect.objectContaining({ name: "limit", in: "query", required: false }),
      ]),
    );
    const place = document.paths["/api/v1/spot/orders"]?.["post"];
    expect(place?.["parameters"]).toEqual([
      expect.objectContaining({ name: "idempotency-key", in: "header", required: true }),
    ]);
    expect(JSON.stringify(place?.["requestBody"])).toContain('"number"');
    const cancel = document.paths["/api/v1/spot/orders/{id}"]?.["delete"];
    expect(cancel?.["parameters"]).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true }),
    ]);
    expect(JSON.stringify(cancel?.["responses"])).toContain('"HttpStatusCode"');
  });
});

describe("GET /api/docs.html", () => {
  it("lists every endpoint of the contract on one escaped page", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/docs.html",
      headers: { accept: "text/html" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).not.toContain("<script");
    for (const spec of ENDPOINTS) {
      expect(response.body).toContain(`<code>${escapeHtml(spec.path)}</code>`);
    }
  });

  it("escapes markup", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});
