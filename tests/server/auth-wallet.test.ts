// Sign-In with Ethereum against the real app and database, with real signatures: the happy path,
// invitations, and every way a sign-in must fail — 401, and nothing created.
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import { useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";
import {
  ALICE,
  bearer,
  BOB,
  CAROL,
  checkAddress,
  rowCounts,
  signIn,
  signInAs,
  signMessage,
  type SignedMessage,
} from "./helpers/siwe";

const getPglite = usePglite();
const MINUTE = 60_000;

function walletSuite(getDb: () => Db) {
  const app = useTestApp(getDb, { resetDbBeforeEach: true });

  async function expectRejected(body: SignedMessage, message: RegExp) {
    const before = await rowCounts(getDb());
    const response = await signIn(app, body);
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toMatchObject({
      HttpStatusCode: 401,
      Code: "UNAUTHORIZED",
      Data: null,
    });
    expect((response.json() as { Message: string }).Message).toMatch(message);
    expect(await rowCounts(getDb())).toEqual(before);
  }

  it("issues a nonce, creates the user on first sign-in and signs the same user in again", async () => {
    const check = await checkAddress(app, ALICE.address.toLowerCase());
    expect(check).toEqual({ nonce: expect.stringMatching(/^[0-9a-f]{32}$/), registered: false });
    const response = await signIn(app, await signMessage(ALICE, { nonce: check.nonce }));
    expect(response.statusCode, response.body).toBe(200);
    const token = (response.json() as { Data: unknown }).Data;
    expect(token).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{43}$/));
    expect(await rowCounts(getDb())).toEqual({ users: 1, sessions: 1 });

    const profile = await app.inject({
      url: `${API_BASE}/profile/profile`,
      headers: bearer(String(token)),
    });
    expect(profile.statusCode).toBe(200);
    const data = (profile.json() as { Data: Record<string, unknown> }).Data;
    expect(data).toEqual({
      id: expect.stringMatching(/^\d+$/),
      address: ALICE.address,
      name: null,
      avatar: null,
      locked: false,
      verified: null,
      creditLevel: 0,
      weightedScore: 0,
      inviteCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // Only the hash is stored.
    const rows = await getDb().query<{ token_hash: string }>("SELECT token_hash FROM sessions");
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toBe(token);

    expect((await checkAddress(app, ALICE.address)).registered).toBe(true);
    const second = await signInAs(app, ALICE);
    expect(second).not.toBe(token);
    expect(await rowCounts(getDb())).toEqual({ users: 1, sessions: 2 });
  });

  it("sets the referrer from another user's invite code and ignores an unknown code", async () => {
    const aliceToken = await signInAs(app, ALICE);
    const profile = await app.inject({
      url: `${API_BASE}/profile/profile`,
      headers: bearer(aliceToken),
    });
    const alice = (profile.json() as { Data: { id: string; inviteCode: string } }).Data;
    // Typed loosely (lower case, spaces) as people paste codes.
    await signInAs(app, BOB, ` ${alice.inviteCode.toLowerCase()} `);
    await signInAs(app, CAROL, "ZZZZZZZZ");
    const rows = await getDb().query<{ address: string; referrer_id: string | null }>(
      "SELECT address, referrer_id FROM users ORDER BY id",
    );
    expect(rows).toEqual([
      { address: ALICE.address.toLowerCase(), referrer_id: null },
      { address: BOB.address.toLowerCase(), referrer_id: alice.id },
      { address: CAROL.address.toLowerCase(), referrer_id: null },
    ]);
    // The code only counts when the account is created.
    const bobAgain = await signIn(app, {
      ...(await signMessage(BOB, { nonce: (await checkAddress(app, BOB.address)).nonce })),
      inviteCode: null,
    });
    expect(bobAgain.statusCode).toBe(200);
    const [bob] = await getDb().query<{ referrer_id: string }>(
      "SELECT referrer_id FROM users WHERE address = $1",
      [BOB.address.toLowerCase()],
    );
    expect(bob?.referrer_id).toBe(alice.id);
  });

  it("refuses a replayed nonce", async () => {
    const body = await signMessage(ALICE, {
      nonce: (await checkAddress(app, ALICE.address)).nonce,
    });
    expect((await signIn(app, body)).statusCode).toBe(200);
    await expectRejected(body, /already used/);
  });

  describe("refuses, creating nothing", () => {
    const now = () => new Date();
    const cases: [string, (nonce: string) => Promise<SignedMessage>, RegExp][] = [
      [
        "a wrong domain",
        (n) => signMessage(ALICE, { nonce: n, domain: "evil.example" }),
        /is for "evil.example", not "localhost"/,
      ],
      [
        "a uri on another host",
        (n) => signMessage(ALICE, { nonce: n, uri: "http://evil.example/login" }),
        /URI "http:\/\/evil.example\/login" is not on http:\/\/localhost/,
      ],
      [
        "a uri on another port",
        (n) => signMessage(ALICE, { nonce: n, uri: "http://localhost:8081/" }),
        /URI .* is not on/,
      ],
      [
        "a uri with another scheme",
        (n) => signMessage(ALICE, { nonce: n, uri: "https://localhost/" }),
        /URI .* is not on/,
      ],
      [
        "another scheme",
        (n) => signMessage(ALICE, { nonce: n, scheme: "https" }),
        /scheme "https"/,
      ],
      [
        "a wrong chain",
        (n) => signMessage(ALICE, { nonce: n, chainId: 5 }),
        /Chain ID 5 is not accepted here \(accepted: 31337, 1\)/,
      ],
      [
        "an expired message",
        (n) =>
          signMessage(ALICE, {
            nonce: n,
            issuedAt: new Date(Date.now() - 5 * MINUTE),
            expirationTime: new Date(Date.now() - MINUTE),
          }),
        /expired at/,
      ],
      [
        "an issued-at in the future",
        (n) => signMessage(ALICE, { nonce: n, issuedAt: new Date(Date.now() + 2 * MINUTE) }),
        /issued in the future/,
      ],
      [
        "a not-before in the future",
        (n) => signMessage(ALICE, { nonce: n, notBefore: new Date(Date.now() + MINUTE) }),
        /not valid before/,
      ],
      [
        "a signature from another key",
        (n) => signMessage(ALICE, { nonce: n }, BOB),
        new RegExp(`signature was not made by ${ALICE.address}`),
      ],
      [
        "a signature that is no signature",
        async (n) => ({
          ...(await signMessage(ALICE, { nonce: n })),
          signature: `0x${"00".repeat(65)}`,
        }),
        /signature was not made by/,
      ],
      [
        "a malformed message",
        async () => {
          const message = "hello, sign me in";
          return { message, signature: await ALICE.signMessage({ message }) };
        },
        /not an EIP-4361 sign-in message \(missing: domain, address, uri/,
      ],
      [
        "an extra line",
        async (n) => {
          const { message } = await signMessage(ALICE, { nonce: n });
          const extra = `${message}\nResources-ish: x`;
          return { message: extra, signature: await ALICE.signMessage({ message: extra }) };
        },
        /lines EIP-4361 does not allow/,
      ],
      [
        "a lower-case address",
        async (n) => {
          const { message } = await signMessage(ALICE, { nonce: n });
          const lower = message.replace(ALICE.address, ALICE.address.toLowerCase());
          return { message: lower, signature: await ALICE.signMessage({ message: lower }) };
        },
        /not EIP-55 checksummed/,
      ],
      [
        "a nonce issued to another address",
        async () => signMessage(ALICE, { nonce: (await checkAddress(app, BOB.address)).nonce }),
        /issued to another address/,
      ],
      [
        "an unknown nonce",
        () => signMessage(ALICE, { nonce: "0123456789abcdef0123456789abcdef" }),
        /nonce is unknown/,
      ],
    ];
    it.each(cases)("%s", async (_name, build, message) => {
      const { nonce } = await checkAddress(app, ALICE.address);
      await expectRejected(await build(nonce), message);
      // A failed attempt leaves the nonce usable (wallet-sign-in.ts, nonce policy).
      const retry = await signIn(app, await signMessage(ALICE, { nonce, issuedAt: now() }));
      expect(retry.statusCode, retry.body).toBe(200);
    });
  });

  it("refuses an expired nonce", async () => {
    const { nonce } = await checkAddress(app, ALICE.address);
    await getDb().query("UPDATE auth_nonces SET expires_at = now() - interval '1 second'");
    await expectRejected(await signMessage(ALICE, { nonce }), /nonce has expired/);
  });

  it("accepts an issued-at up to a minute ahead (clock skew) and a future expiry", async () => {
    const { nonce } = await checkAddress(app, ALICE.address);
    const body = await signMessage(ALICE, {
      nonce,
      issuedAt: new Date(Date.now() + 30_000),
      expirationTime: new Date(Date.now() + 5 * MINUTE),
    });
    expect((await signIn(app, body)).statusCode).toBe(200);
  });

  it("refuses a locked user's sign-in without creating a session", async () => {
    const token = await signInAs(app, ALICE);
    await getDb().query("UPDATE users SET locked = true");
    const profile = await app.inject({
      url: `${API_BASE}/profile/profile`,
      headers: bearer(token),
    });
    expect(profile.statusCode).toBe(403);
    expect(profile.json()).toMatchObject({ Code: "ACCOUNT_LOCKED" });
    const { nonce } = await checkAddress(app, ALICE.address);
    const response = await signIn(app, await signMessage(ALICE, { nonce }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Code: "ACCOUNT_LOCKED" });
    expect(await rowCounts(getDb())).toEqual({ users: 1, sessions: 1 });
  });

  it("validates the address and the body", async () => {
    for (const address of ["0x123", "0xZZ39a0cf798816d4b9b9866b5330eea46a18382f25", "alice"]) {
      const response = await app.inject({
        method: "POST",
        url: `${API_BASE}/auth/check/${address}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Code: "VALIDATION" });
    }
    const response = await app.inject({
      method: "POST",
      url: `${API_BASE}/auth/signin-wallet`,
      payload: { message: "x".repeat(5000), signature: "0x00" },
    });
    expect(response.statusCode).toBe(400);
    expect(await rowCounts(getDb())).toEqual({ users: 0, sessions: 0 });
  });
}

describe("PGlite", () => walletSuite(getPglite));

describePostgres("PostgreSQL", ({ db }) => {
  walletSuite(db);
});
