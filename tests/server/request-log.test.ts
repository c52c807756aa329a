// What the request path logs, and how: at the default level (info) a request writes no line — a
// line per request is work and a write for every request, and buries what an operator reads; at
// debug one line per request, its token redacted; a server fault is logged at error with its
// request; and the production logger's destination is asynchronous (pino's sonic-boom on stdout
// with sync: false), so no log line costs a request a synchronous write.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { LogLevel } from "../../server/config";
import { buildApp } from "../../server/app";
import { createUserSession } from "./helpers/sessions";
import { buildTestApp, NO_RATE_LIMIT, TEST_ROUTES, testConfig } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();

/** The app with its log lines captured at `level`; `send` runs requests, then the lines. */
async function logOf(
  level: LogLevel,
  send: (app: Awaited<ReturnType<typeof buildTestApp>>) => Promise<unknown>,
): Promise<Record<string, unknown>[]> {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n")));
  const app = await buildTestApp({
    db: getDb(),
    logger: { stream, level },
    rateLimit: NO_RATE_LIMIT,
  });
  try {
    lines.length = 0; // what building the app logged (no built app to serve, at warn)
    await send(app);
  } finally {
    await app.close();
  }
  return lines
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("request logging", () => {
  it("writes no line per request at info: answers, refusals, 404s, signed-in reads", async () => {
    const user = await createUserSession(getDb());
    const lines = await logOf("info", async (app) => {
      for (let i = 0; i < 5; i += 1) {
        await app.inject("/health");
        await app.inject(`${API_BASE}/market/tickers`);
        await app.inject({
          url: `${API_BASE}/assets/overview?token=secret`,
          headers: { authorization: `Bearer ${user.token}` },
        });
        await app.inject(`${API_BASE}/assets/overview`); // 401
        await app.inject(`${API_BASE}/no-such-endpoint`); // 404
        await app.inject(`${TEST_ROUTES}/conflict`); // 409
        await app.inject(`${TEST_ROUTES}/items/0`); // 400
      }
    });
    expect(lines).toEqual([]);
  });

  it("writes one line per request at debug, with method, redacted URL and status", async () => {
    const lines = await logOf("debug", async (app) => {
      await app.inject(`${API_BASE}/market/tickers?token=tok_secret_123`);
      await app.inject(`${TEST_ROUTES}/conflict`);
    });
    const completed = lines.filter((line) => line["msg"] === "request completed");
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({
      req: { method: "GET", url: `${API_BASE}/market/tickers?token=[redacted]` },
      res: { statusCode: 200 },
    });
    expect(completed[1]).toMatchObject({ res: { statusCode: 409 } });
    expect(lines.filter((line) => line["msg"] === "incoming request")).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain("tok_secret");
  });

  it("logs a server fault at error with its request, at info", async () => {
    const lines = await logOf("info", (app) => app.inject(`${TEST_ROUTES}/boom?token=tok_x`));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: "request failed",
      req: { method: "GET", url: `${TEST_ROUTES}/boom?token=[redacted]` },
    });
  });
});

describe("the production logger", () => {
  it("writes to stdout asynchronously", async () => {
    const app = await buildApp({ config: testConfig({ LOG_LEVEL: "info" }), db: getDb() });
    try {
      // pino keeps its destination under this symbol; sonic-boom's `sync` says how it writes.
      const key = Object.getOwnPropertySymbols(app.log).find(
        (symbol) => String(symbol) === "Symbol(pino.stream)",
      );
      const stream = key === undefined ? undefined : (Reflect.get(app.log, key) as unknown);
      expect(stream).toMatchObject({ sync: false, fd: 1 });
      expect(stream?.constructor.name).toBe("SonicBoom");
    } finally {
      await app.close();
    }
  });
});
