// Builds the real app for tests, with test-only routes that exercise every error class through
// real schemas and handlers.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { API_BASE } from "../../../protocol/paths";
import { buildApp, type BuildAppOptions } from "../../../server/app";
import { loadConfig, type Config, type Env } from "../../../server/config";
import type { Db } from "../../../server/db/db";
import { ApiError, ok } from "../../../server/plugins/envelope";
import { resetDb } from "./test-db";

/**
 * A demo config for tests. APP_DIST_DIR defaults to a directory that does not exist, so a
 * developer's own ./dist never leaks into server tests.
 */
export function testConfig(env: Env = {}): Config {
  const scratch = mkdtempSync(path.join(tmpdir(), "quanta-test-"));
  return loadConfig({
    QUANTA_MODE: "demo",
    DATA_DIR: path.join(scratch, "data"),
    APP_DIST_DIR: path.join(scratch, "no-dist"),
    LOG_LEVEL: "silent",
    ...env,
  });
}

export const TEST_ROUTES = `${API_BASE}/test`;

/** A secret that must never reach a client, thrown from a handler as a "real fault". */
export const INTERNAL_SECRET = "password=hunter2 at /srv/quanta/db.ts:42";

const orderSchema = {
  type: "object",
  required: ["symbol", "amount"],
  additionalProperties: false,
  properties: {
    symbol: { type: "string", minLength: 1, maxLength: 20 },
    amount: { type: "string", pattern: "^[0-9]+(\\.[0-9]+)?$" },
    note: { type: "string", maxLength: 100 },
  },
} as const;

interface OrderBody {
  symbol: string;
  amount: string;
  note?: string;
}

export const testRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: OrderBody }>("/orders", { schema: { body: orderSchema } }, async (request) =>
    ok(request.body),
  );
  app.get<{ Params: { id: number } }>(
    "/items/:id",
    { schema: { params: { type: "object", properties: { id: { type: "integer", minimum: 1 } } } } },
    async (request) => ok({ id: request.params.id }),
  );
  app.get("/conflict", async () => {
    throw new ApiError(409, "CONFLICT", "Already exists");
  });
  app.get("/teapot", async () => {
    throw Object.assign(new Error("I am a teapot"), { statusCode: 418 });
  });
  app.get("/boom", async () => {
    throw new Error(INTERNAL_SECRET);
  });
  app.get("/boom-db", async () => app.db.query("SELECT * FROM no_such_table_x"));
};

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, "db">> {
  db: Db;
  env?: Env;
}

/** The real app plus the test routes, ready for `inject`. Close it in afterAll. */
export async function buildTestApp(options: TestAppOptions): Promise<FastifyInstance> {
  const { env, ...rest } = options;
  const app = await buildApp({
    logger: false,
    ...rest,
    config: options.config ?? testConfig(env),
  });
  await app.register(testRoutes, { prefix: TEST_ROUTES });
  await app.ready();
  return app;
}

/** Enough for any test file's requests: the rate limit is tested on its own (app-rate-limit). */
export const NO_RATE_LIMIT = { max: 1_000_000, timeWindowMs: 60_000 };

export interface UseTestAppOptions extends Partial<Omit<TestAppOptions, "db">> {
  /** Empties the database before each test (resetDb), before the file's own beforeEach. */
  resetDbBeforeEach?: boolean;
}

/**
 * The test file's (or suite's) app on its database (usePglite's getter), built once before all
 * tests and closed after them. The answer stands for that app: calls made once it is
 * built (in hooks and tests) reach it, so a file uses `app.inject(...)` as with its own variable.
 */
export function useTestApp(getDb: () => Db, options: UseTestAppOptions = {}): FastifyInstance {
  const { resetDbBeforeEach, ...appOptions } = options;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp({ ...appOptions, db: getDb() });
  });
  afterAll(async () => {
    await app?.close();
  });
  if (resetDbBeforeEach) {
    beforeEach(async () => {
      await resetDb(getDb());
    });
  }
  const built = (): FastifyInstance => {
    if (!app) throw new Error("useTestApp: the app is used before beforeAll built it");
    return app;
  };
  return new Proxy({} as FastifyInstance, {
    get: (_target, key) => {
      const target = built();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
