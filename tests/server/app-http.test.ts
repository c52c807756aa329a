// /health, security headers and serving the built app, against the real app and real PGlite.
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createPostgresDb } from "../../server/db/postgres-db";
import { buildTestApp, useTestApp, testConfig } from "./helpers/test-app";
import { within } from "./helpers/net";
import { createTempDist, INDEX_HTML } from "./helpers/temp-dist";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const HTML = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const packageVersion = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

/** A GET whose path goes on the wire exactly as written (fetch would resolve dot segments). */
function rawGet(base: URL, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: base.hostname, port: base.port, path: rawPath, headers: HTML },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe("GET /health", () => {
  const app = useTestApp(getDb);

  it("answers { ok: true, mode, version } after a real database round trip", async () => {
    const response = await app.inject("/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, mode: "demo", version: packageVersion });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 with ok: false when the database is unreachable", async () => {
    // A real PostgreSQL client pointed at a port where nothing listens: the query truly fails.
    const unreachable = createPostgresDb({
      url: "postgresql://nobody@127.0.0.1:1/none",
      connectionTimeoutMillis: 1_000,
    });
    const broken = await buildApp({ config: testConfig(), db: unreachable, logger: false });
    try {
      const response = await broken.inject("/health");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ok: false, mode: "demo", version: packageVersion });
    } finally {
      await broken.close();
      await unreachable.close();
    }
  });
});

describe("security headers", () => {
  const app = useTestApp(getDb);

  it("sends a strict CSP that a Vite PWA passes, without upgrade-insecure-requests", async () => {
    const response = await app.inject({ url: "/health", headers: { host: "localhost:8080" } });
    const csp = String(response.headers["content-security-policy"]);
    const directives = Object.fromEntries(
      csp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );
    expect(directives).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self' 'wasm-unsafe-eval'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data: blob:",
      "font-src": "'self' data:",
      "connect-src": "'self' ws://localhost:8080 wss://localhost:8080",
      "worker-src": "'self'",
      "manifest-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "frame-ancestors": "'none'",
      "form-action": "'self'",
    });
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("pins websockets to PUBLIC_ORIGIN and sends HSTS when it is https", async () => {
    const pinned = await buildTestApp({
      db: getDb(),
      env: { PUBLIC_ORIGIN: "https://quanta.example" },
    });
    try {
      const response = await pinned.inject({ url: "/health", headers: { host: "evil.test" } });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("connect-src 'self' wss://quanta.example;");
      expect(csp).not.toContain("evil.test");
      expect(response.headers["strict-transport-security"]).toBe("max-age=31536000");
    } finally {
      await pinned.close();
    }
  });

  it("keeps a hostile Host header out of the policy instead of failing", async () => {
    const response = await app.inject({ url: "/health", headers: { host: "a;script-src *" } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["content-security-policy"])).toContain("connect-src 'self';");
  });

  it("puts the headers on API errors too", async () => {
    const response = await app.inject("/api/v1/nope");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});

describe("serving the built app", () => {
  const app = useTestApp(getDb, { env: { APP_DIST_DIR: createTempDist() } });

  it("caches hashed assets for a year, immutable", async () => {
    for (const file of ["/assets/app-abc123.js", "/assets/app-abc123.css"]) {
      const response = await app.inject(file);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers["cache-control"], file).toBe("public, max-age=31536000, immutable");
    }
    expect((await app.inject("/assets/app-abc123.js")).headers["content-type"]).toMatch(
      /javascript/,
    );
  });

  it.each(["/", "/index.html", "/sw.js", "/registerSW.js", "/manifest.webmanifest"])(
    "revalidates the unhashed %s (no-cache)",
    async (url) => {
      const response = await app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers.etag).toBeDefined();
    },
  );

  it("serves the manifest with its PWA content type", async () => {
    const response = await app.inject("/manifest.webmanifest");
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
  });

  it.each(["/home", "/spot/BTC-USDT", "/login?redirect=%2Fhome"])(
    "answers the page navigation %s with index.html",
    async (url) => {
      const response = await app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it.each([
    ["/api/v1/nope", HTML],
    ["/ws/nope", HTML],
    ["/assets/app-old999.js", HTML],
    ["/home", { accept: "application/json" }],
  ])("keeps %s a 404 envelope, never index.html", async (url, headers) => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ HttpStatusCode: 404, Code: "NOT_FOUND" });
  });

  it.each(["/ws/data", "/ws/depth", "/ws/kdata", "/ws/account"])(
    "answers a plain GET of the websocket %s with 426 and how to connect",
    async (url) => {
      const response = await app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(426);
      expect(response.json()).toMatchObject({ HttpStatusCode: 426, Code: "BAD_REQUEST" });
      expect(response.json<{ Message: string }>().Message).toMatch(/websocket/);
    },
  );

  it("does not serve index.html for a POST to a page path", async () => {
    const response = await app.inject({ method: "POST", url: "/home", headers: HTML });
    expect(response.statusCode).toBe(404);
  });

  // inject() resolves dot segments like a browser; a raw client sends them, and /api/.. must not
  // reach the static files' root.
  it("answers a raw /api or /ws path with dot segments with an error envelope, never a file", async () => {
    const base = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
    for (const rawPath of ["/api/..", "/api/v1/../..", "/api/%2e%2e", "/ws/..", "/api/v1/../../"]) {
      const { status, body } = await rawGet(base, rawPath);
      expect(status, rawPath).toBeGreaterThanOrEqual(400);
      expect(status, rawPath).toBeLessThan(500);
      expect(body, rawPath).not.toBe(INDEX_HTML);
      expect(JSON.parse(body), rawPath).toMatchObject({ HttpStatusCode: status });
    }
  });

  it("refuses to serve files outside the dist directory", async () => {
    for (const url of ["/../package.json", "/assets/../../package.json", "/%2e%2e/package.json"]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('"name": "quanta"');
    }
  });
});

describe("without a built app", () => {
  it("serves the API only: unknown paths, page navigations included, get the 404 envelope", async () => {
    const app = await buildTestApp({ db: getDb() });
    try {
      const response = await app.inject({ url: "/home", headers: HTML });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Code: "NOT_FOUND" });
      expect((await app.inject("/health")).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("shutdown", () => {
  it("lets an in-flight request finish when the app closes (what SIGTERM does)", async () => {
    const app = await buildApp({ config: testConfig(), db: getDb(), logger: false });
    // The handler is running when closing begins and answers only after it began.
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get("/api/v1/slow", async () => {
      markStarted();
      await released;
      return { HttpStatusCode: 200, Message: "OK", Data: "finished" };
    });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const inFlight = fetch(`${base}/api/v1/slow`);
    await within(started, 5_000, "the handler's start");
    const closed = app.close();
    setTimeout(release, 100);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ Data: "finished" });
    // Without Connection: close on answers sent while closing, this waits for keep-alive (72 s).
    await within(closed, 3_000, "app.close()");
    await expect(fetch(`${base}/health`)).rejects.toThrow();
  });

  it("closes a connection whose answer started before closing once that answer ends", async () => {
    const app = await buildApp({ config: testConfig(), db: getDb(), logger: false });
    // The headers (and so onSend, without Connection: close) leave at once; the body ends later.
    app.get("/api/v1/streamed", async (_request, reply) => {
      const body = new PassThrough();
      body.write("[");
      setTimeout(() => body.end("]"), 300);
      return reply.type("application/json").send(body);
    });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${base}/api/v1/streamed`);
    expect(response.headers.get("connection")).not.toBe("close");
    const closed = app.close();
    expect(await response.text()).toBe("[]");
    // Without the sweep, the connection turned idle after closing began and held it for 72 s.
    await within(closed, 3_000, "app.close()");
  });

  it("closes a connection that has not asked anything yet", async () => {
    const app = await buildApp({ config: testConfig(), db: getDb(), logger: false });
    const base = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
    const silent = connect(Number(base.port), base.hostname);
    await new Promise((resolve) => silent.once("connect", resolve));
    const ended = new Promise((resolve) => silent.once("close", resolve));
    // Node counts it busy until its headers timeout (60 s), so server.close() alone waits.
    await within(app.close(), 3_000, "app.close()");
    await within(ended, 1_000, "the silent connection's end");
  });
});
