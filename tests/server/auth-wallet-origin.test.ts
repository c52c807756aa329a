// Wallet sign-in around the message itself: which origin it must name (PUBLIC_ORIGIN or the
// request's Host), the per-address limit on nonces, and races between sign-ins on PostgreSQL.
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";

import { buildTestApp } from "./helpers/test-app";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";
import { ALICE, BOB, checkAddress, rowCounts, signIn, signMessage } from "./helpers/siwe";

const getPglite = usePglite();

describe("PGlite", () => {
  describe("origin and limits", () => {
    it("uses PUBLIC_ORIGIN when set, whatever the Host header says", async () => {
      const app = await buildTestApp({
        db: getPglite(),
        env: { PUBLIC_ORIGIN: "https://quanta.example" },
      });
      try {
        await resetDb(getPglite());
        const site = { domain: "quanta.example", uri: "https://quanta.example/login" };
        const good = await signMessage(ALICE, {
          nonce: (await checkAddress(app, ALICE.address)).nonce,
          ...site,
        });
        expect((await signIn(app, good)).statusCode).toBe(200);
        const local = await signMessage(ALICE, {
          nonce: (await checkAddress(app, ALICE.address)).nonce,
        });
        const response = await signIn(app, local);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({
          Message: 'The message is for "localhost", not "quanta.example"',
        });
      } finally {
        await app.close();
      }
    });

    it("uses the request's Host header and protocol otherwise", async () => {
      const app = await buildTestApp({ db: getPglite() });
      try {
        const { nonce } = await checkAddress(app, ALICE.address);
        const body = await signMessage(ALICE, {
          nonce,
          domain: "quanta.test:8080",
          uri: "http://quanta.test:8080/",
        });
        const url = `${API_BASE}/auth/signin-wallet`;
        const elsewhere = await app.inject({ method: "POST", url, payload: body });
        expect(elsewhere.statusCode).toBe(401);
        const headers = { host: "quanta.test:8080" };
        const response = await app.inject({ method: "POST", url, payload: body, headers });
        expect(response.statusCode, response.body).toBe(200);
      } finally {
        await app.close();
      }
    });

    it("limits nonces per client address", async () => {
      const app = await buildTestApp({ db: getPglite() });
      try {
        const url = `${API_BASE}/auth/check/${ALICE.address}`;
        const ask = () => app.inject({ method: "POST", url, remoteAddress: "192.0.2.7" });
        for (let i = 0; i < 30; i += 1) expect((await ask()).statusCode).toBe(200);
        const limited = await ask();
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({ Code: "RATE_LIMITED" });
        const other = await app.inject({ method: "POST", url, remoteAddress: "192.0.2.8" });
        expect(other.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  });
});

describePostgres("PostgreSQL", ({ db, schema }) => {
  it("lets exactly one of two concurrent sign-ins with one nonce win", async () => {
    // Two pools: two server processes sharing one database.
    const apps = await Promise.all([
      buildTestApp({ db: schema().open() }),
      buildTestApp({ db: schema().open() }),
    ]);
    try {
      for (let round = 0; round < 5; round += 1) {
        await resetDb(db());
        const { nonce } = await checkAddress(apps[0] as FastifyInstance, ALICE.address);
        const body = await signMessage(ALICE, { nonce });
        const answers = await Promise.all(apps.map((app) => signIn(app, body)));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
        expect(await rowCounts(db())).toEqual({ users: 1, sessions: 1 });
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it("creates one user when one address signs in twice at once with two nonces", async () => {
    await resetDb(db());
    const app = await buildTestApp({ db: schema().open() });
    try {
      const bodies = await Promise.all(
        [1, 2, 3].map(async () =>
          signMessage(BOB, { nonce: (await checkAddress(app, BOB.address)).nonce }),
        ),
      );
      const answers = await Promise.all(bodies.map((body) => signIn(app, body)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(await rowCounts(db())).toEqual({ users: 1, sessions: 3 });
    } finally {
      await app.close();
    }
  });
});
