// Property: whatever a client sends to /auth and /profile/profile — any body, any address, any
// token, any mangled SIWE message signed for real — the answer is an envelope and never 5xx.
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { isEnvelope } from "../../protocol/envelope";
import { API_BASE } from "../../protocol/paths";
import { ALICE, checkAddress, freshIp, signMessage } from "./helpers/siwe";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT });

function expectSafe(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBeLessThan(500);
  const body: unknown = response.json();
  expect(isEnvelope(body), response.body).toBe(true);
  expect((body as { HttpStatusCode: number }).HttpStatusCode).toBe(response.statusCode);
}

const anyText = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 80 }),
);
const hex = (length: number) =>
  fc.stringMatching(new RegExp(`^[0-9a-fA-F]{${length}}$`)).map((h) => `0x${h}`);
const field = fc.oneof(fc.jsonValue(), anyText, hex(130), hex(40), fc.constant(null));

/** A body: arbitrary JSON, an object with our field names, or not JSON at all. */
const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record(
      { message: field, signature: field, inviteCode: field, username: field, password: field },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  anyText,
);

const authorization = fc.option(
  fc.oneof(
    fc.stringMatching(/^[\x20-\x7e]{0,80}$/),
    fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/).map((t) => `Bearer ${t}`),
  ),
  { nil: undefined },
);

const post = (url: string, payload: string | undefined, auth?: string) =>
  app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: freshIp(),
    headers: {
      "content-type": "application/json",
      ...(auth === undefined ? {} : { authorization: auth }),
    },
  });

it("POST /auth/check/{address} never answers 5xx", async () => {
  const address = fc.oneof(
    hex(40),
    fc.string({ maxLength: 60 }).map(encodeURIComponent),
    fc.stringMatching(/^[A-Za-z0-9._~%-]{0,60}$/),
  );
  await fc.assert(
    fc.asyncProperty(address, body, async (a, b) => {
      expectSafe(await post(`${API_BASE}/auth/check/${a}`, b));
    }),
    { numRuns: 150 },
  );
});

it("POST /auth/signin-wallet never answers 5xx, whatever the body", async () => {
  await fc.assert(
    fc.asyncProperty(body, async (b) => {
      expectSafe(await post(`${API_BASE}/auth/signin-wallet`, b));
    }),
    { numRuns: 200 },
  );
});

it("POST /auth/signin-wallet never answers 5xx to a mangled message, signed for real", async () => {
  const { nonce } = await checkAddress(app, ALICE.address);
  const { message } = await signMessage(ALICE, { nonce });
  const edit = fc.record({
    at: fc.nat({ max: message.length }),
    remove: fc.nat({ max: 12 }),
    insert: fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom("\n", "\n\n", "Z", "+08:00", "\nNonce: 12345678", "https://", ":99999", " "),
    ),
  });
  await fc.assert(
    fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
      const mangled = edits.reduce(
        (text, e) => text.slice(0, e.at) + e.insert + text.slice(e.at + e.remove),
        message,
      );
      const signature = await ALICE.signMessage({ message: mangled });
      expectSafe(
        await post(
          `${API_BASE}/auth/signin-wallet`,
          JSON.stringify({ message: mangled, signature }),
        ),
      );
    }),
    { numRuns: 200 },
  );
});

it("POST /auth/signin never answers 5xx", { timeout: 120_000 }, async () => {
  // Fewer runs: every well-formed body costs a real scrypt hash.
  await fc.assert(
    fc.asyncProperty(body, async (b) => {
      expectSafe(await post(`${API_BASE}/auth/signin`, b));
    }),
    { numRuns: 60 },
  );
});

it("POST /auth/logout and GET /profile/profile never answer 5xx, whatever the token", async () => {
  await fc.assert(
    fc.asyncProperty(authorization, body, async (auth, b) => {
      expectSafe(await post(`${API_BASE}/auth/logout`, b, auth));
      expectSafe(
        await app.inject({
          url: `${API_BASE}/profile/profile`,
          headers: auth === undefined ? {} : { authorization: auth },
        }),
      );
    }),
    { numRuns: 150 },
  );
});
