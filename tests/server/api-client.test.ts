// The app's HTTP client (src/api) against the real server on a real port — no mocked fetch.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { buildApp } from "../../server/app";
import { ApiError as ServerApiError, ok } from "../../server/plugins/envelope";
import { configureApi, request } from "../../src/api/client";
import { ApiError } from "../../src/api/errors";
import { getHealth } from "../../src/api/health";
import { freePort } from "./helpers/net";
import { testConfig } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const db = usePglite();
let app: FastifyInstance;
let origin: string;

const seen = { errors: [] as string[], unauthorized: 0, reached: [] as boolean[] };
let token: string | null = null;

beforeAll(async () => {
  app = await buildApp({ config: testConfig(), db: db(), logger: false });
  await app.register(
    async (routes) => {
      routes.get("/echo", async (req) => ok({ authorization: req.headers.authorization ?? null }));
      routes.get("/expired", async () => {
        throw new ServerApiError(401, "UNAUTHORIZED", "Token expired");
      });
      routes.get("/previous-order", async () => {
        throw new ServerApiError(
          422,
          "PREVIOUS_ORDER_OPEN",
          "Please complete the previous order first",
        );
      });
      // An envelope carrying an error inside a 200 transport answer, with no message.
      routes.get("/soft-error", async (_req, reply) =>
        reply.code(200).send({ HttpStatusCode: 500, Message: "", Data: null }),
      );
      routes.get("/gateway", async (_req, reply) =>
        reply.code(502).type("text/plain").send("down"),
      );
    },
    { prefix: `${API_BASE}/client-test` },
  );
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  seen.errors = [];
  seen.unauthorized = 0;
  seen.reached = [];
  token = null;
  configureApi({
    origin,
    getToken: () => token,
    onError: (error) => seen.errors.push(error.message),
    onUnauthorized: () => {
      seen.unauthorized++;
    },
    onReachability: (reached) => seen.reached.push(reached),
  });
});

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("API client", () => {
  it("returns Data and sends the token as a Bearer Authorization header", async () => {
    expect(await request("GET", "client-test/echo")).toEqual({ authorization: null });
    token = "tok-123";
    expect(await request("GET", "client-test/echo")).toEqual({ authorization: "Bearer tok-123" });
    expect(seen.errors).toEqual([]);
    expect(seen.reached).toEqual([true, true]);
  });

  it("fails with the server's Message and Code, and reports it for a toast", async () => {
    const error = await failure(request("GET", "client-test/previous-order"));
    expect(error).toMatchObject({ status: 422, code: "PREVIOUS_ORDER_OPEN" });
    expect(seen.errors).toEqual(["Please complete the previous order first"]);
    expect(seen.unauthorized).toBe(0);
  });

  it("treats an envelope whose HttpStatusCode is not 200 as a failure, 'Network Error' when empty", async () => {
    const error = await failure(request("GET", "client-test/soft-error"));
    expect(error.status).toBe(500);
    expect(seen.errors).toEqual(["Network Error"]);
  });

  it("signs out on 401", async () => {
    token = "expired";
    const error = await failure(request("GET", "client-test/expired"));
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED", message: "Token expired" });
    expect(seen.unauthorized).toBe(1);
  });

  it("reports the server's 404 envelope for an unknown path", async () => {
    const error = await failure(request("GET", "client-test/nope"));
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(seen.errors).toHaveLength(1);
  });

  it("reports a non-envelope transport error with the status text", async () => {
    const error = await failure(request("GET", "client-test/gateway"));
    expect(error).toMatchObject({ status: 502, code: "BAD_RESPONSE", message: "Bad Gateway" });
    expect(seen.errors).toEqual(["Bad Gateway"]);
  });

  it("reports an unreachable server as a network error and marks it unreachable", async () => {
    configureApi({ origin: `http://127.0.0.1:${await freePort()}` });
    const error = await failure(request("GET", "client-test/echo"));
    expect(error.code).toBe("NETWORK");
    expect(seen.reached).toEqual([false]);
    expect(seen.errors).toHaveLength(1);
  });

  it("reads /health outside the envelope", async () => {
    expect(await getHealth(origin)).toMatchObject({ ok: true, mode: "demo" });
  });
});
