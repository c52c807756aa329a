// The /api limits cannot be dodged by re-spelling the path: the router decodes `/%61pi` to `/api`
// (and ignores `;params`, a trailing `?`), so every spelling it routes — and every spelling that
// only reaches the 404 handler — spends the same per-client budget, for the general limit and for
// the wallet nonce limit alike. Raw paths go over a real socket: inject would not keep them as sent.
import http from "node:http";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { WALLET_RATE_LIMIT } from "../../server/routes/auth/auth-schemas";
import { normalisedPath } from "../../server/plugins/request-path";
import { ALICE } from "./helpers/siwe";
import { buildTestApp, testConfig } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();

/** Spellings of one /api path, each reaching either the route or the 404 handler. */
function spellings(rest: string): string[] {
  return [
    `/api${rest}`,
    `/%61pi${rest}`,
    `/%61%70%69${rest}`,
    `/a%70i${rest}`,
    `/ap%69${rest}`,
    `/%41pi${rest}`, // upper-case: a 404, still an API probe
    `/API${rest}`,
    `//api${rest}`,
    `/./api${rest}`,
    `/x/../api${rest}`,
    `/api${rest}/`,
    `/api${rest}?`,
    `/api${rest};x`,
    `/api%2F${rest.slice(1)}`,
    `/api${rest.replace("/v1/", "/%76%31/")}`,
    `/api${rest.replace("/v1/", "/v1//")}`,
  ];
}

interface Answer {
  status: number;
  remaining: string | undefined;
}

function send(base: string, method: string, rawPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(base, { method, path: rawPath }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          remaining: response.headers["x-ratelimit-remaining"] as string | undefined,
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function listening(max: number): Promise<string> {
  app = await buildTestApp({
    db: getDb(),
    config: testConfig(),
    rateLimit: { max, timeWindowMs: 60_000 },
  });
  return app.listen({ port: 0, host: "127.0.0.1" });
}

describe("normalisedPath", () => {
  it("resolves a URL as the router does, lower-cased", () => {
    expect(normalisedPath("/%61pi/v1/x?y=1")).toBe("/api/v1/x");
    expect(normalisedPath("//./API/v1;z")).toBe("/api/v1");
    expect(normalisedPath("/a/../api%2Fv1")).toBe("/api/v1");
    expect(normalisedPath("/%zz/api")).toBe("/%zz/api");
  });
});

describe("/api limit", () => {
  it("counts every spelling of /api against one budget", async () => {
    const variants = spellings("/v1/test/items/1");
    const base = await listening(variants.length);
    for (const [index, path] of variants.entries()) {
      const answer = await send(base, "GET", path);
      expect([200, 400, 404], path).toContain(answer.status);
      expect(answer.remaining, path).toBe(String(variants.length - index - 1));
    }
    for (const path of variants) expect((await send(base, "GET", path)).status, path).toBe(429);
    // Not /api: still free.
    expect((await send(base, "GET", "/health")).status).toBe(200);
  });
});

describe("wallet nonce limit", () => {
  it("counts encoded spellings of /auth/check against the same nonce budget", async () => {
    const base = await listening(1_000_000);
    const routed = [
      `/api/v1/auth/check/${ALICE.address}`,
      `/%61pi/v1/auth/check/${ALICE.address}`,
      `/a%70i/v1/%61uth/check/${ALICE.address}`,
      `/api/v1/auth/check/${ALICE.address}?`,
    ];
    for (let i = 0; i < WALLET_RATE_LIMIT.max; i += 1) {
      const path = routed[i % routed.length] ?? "";
      expect((await send(base, "POST", path)).status, path).toBe(200);
    }
    for (const path of routed) expect((await send(base, "POST", path)).status, path).toBe(429);
  });
});
