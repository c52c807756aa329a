// The outbox (src/sync) with fake-indexeddb against the real server app on a real port: saved
// first, sent when the server is reachable, retried with the same Idempotency-Key after a lost
// answer — and the server holds each thing exactly once. Business errors fail with the server's
// message and are not retried; the identity photo is uploaded once however often the rest fails.
import "./helpers/browser-globals";
import { afterEach, describe, expect, it } from "vitest";
import { createMessage } from "../../server/domain/messages/create-message";
import { database } from "../../src/db/database";
import type { OutboxRow } from "../../src/db/outbox";
import {
  discardOutboxEntry,
  InvalidEmailError,
  markMessageRead,
  retryOutboxEntry,
  submitIdentity,
  subscribeEmail,
} from "../../src/sync/commands";
import { currentSyncEngine, startSyncEngine, stopSyncEngine } from "../../src/sync/engine";
import { isOnline, reportReachability } from "../../src/sync/online";
import { testEnvironment } from "../../src/sync/testing/fake-environment";
import { pngImage } from "./helpers/images";
import { freePort } from "./helpers/net";
import {
  connectApi,
  eventually,
  signIn,
  useSyncDevice,
  useSyncTestServer,
} from "./helpers/sync-client";

const server = useSyncTestServer();
const { events } = useSyncDevice(server);

function start() {
  return startSyncEngine({ env: testEnvironment(), lang: "en" });
}

const entry = async (id: string): Promise<OutboxRow | undefined> => database().outbox.get(id);
const stateOf = async (id: string) => (await entry(id))?.state;

async function subscriptions(email: string): Promise<number> {
  const [row] = await server
    .db()
    .query<{ n: number }>("SELECT count(*)::int AS n FROM email_subscriptions WHERE email = $1", [
      email,
    ]);
  return row?.n ?? -1;
}

const posts = (path: string) =>
  server.requests.filter((r) => r.method === "POST" && r.url.startsWith(`/api/v1/${path}`));

afterEach(() => {
  stopSyncEngine();
});

describe("outbox", () => {
  it("keeps a subscription made offline waiting, sends it once back online — one row on the server", async () => {
    await signIn(server.db());
    const sync = start();
    await sync.whenIdle();
    // The server is unreachable: a closed port.
    connectApi(`http://127.0.0.1:${await freePort()}`, events);

    const id = await subscribeEmail("  Ada@Example.COM ");
    await eventually(
      async () => (await entry(id))?.attempts === 1 && (await stateOf(id)) === "waiting",
    );
    expect(isOnline()).toBe(false);
    expect(await entry(id)).toMatchObject({
      command: "system.subscribe",
      payload: { email: "ada@example.com" },
      failure: null,
    });
    expect(await subscriptions("ada@example.com")).toBe(0);

    // Back: the first request that reaches the server flips the online state, which flushes.
    connectApi(server.origin(), events);
    reportReachability(true);
    await eventually(async () => (await stateOf(id)) === "sent");
    expect(await subscriptions("ada@example.com")).toBe(1);
    expect(posts("system/subscribe")).toHaveLength(1);
    expect(posts("system/subscribe")[0]?.idempotencyKey).toBe(id);

    // Subscribing the same address again sends nothing more.
    expect(await subscribeEmail("ada@example.com")).toBe(id);
  });

  it("retries with the same key after the answer was lost — still exactly one row", async () => {
    await signIn(server.db());
    const sync = start();
    await sync.whenIdle();
    server.loseNextResponse(
      (method, url) => method === "POST" && url.includes("/system/subscribe"),
    );

    const id = await subscribeEmail("grace@example.com");
    await eventually(
      async () => (await entry(id))?.attempts === 1 && (await stateOf(id)) === "waiting",
    );
    // The server did commit the first attempt.
    expect(await subscriptions("grace@example.com")).toBe(1);

    reportReachability(true);
    await sync.flushOutbox({ force: true });
    expect(await stateOf(id)).toBe("sent");
    expect(await subscriptions("grace@example.com")).toBe(1);
    const sent = posts("system/subscribe");
    expect(sent.map((r) => r.idempotencyKey)).toEqual([id, id]);
  });

  it("survives a restart: an entry saved with no engine running is sent when one starts", async () => {
    await signIn(server.db());
    const id = await subscribeEmail("linus@example.com");
    expect(await stateOf(id)).toBe("waiting");
    start();
    await eventually(async () => (await stateOf(id)) === "sent");
    expect(await subscriptions("linus@example.com")).toBe(1);
  });

  it("refuses an invalid address before storing anything", async () => {
    await signIn(server.db());
    await expect(subscribeEmail("not an address")).rejects.toBeInstanceOf(InvalidEmailError);
    await expect(subscribeEmail("a@b")).rejects.toBeInstanceOf(InvalidEmailError);
    expect(await database().outbox.count()).toBe(0);
  });

  it("fails a business error with the server's code, without retrying; retry and discard are the user's", async () => {
    await signIn(server.db());
    const sync = start();
    await sync.whenIdle();
    await markMessageRead("999999999");
    const [row] = await database().outbox.toArray();
    const id = row?.id ?? "";
    await eventually(async () => (await stateOf(id)) === "failed");
    expect((await entry(id))?.failure).toEqual({ code: "NOT_FOUND", params: {} });

    await sync.flushOutbox({ force: true });
    expect(posts("profile/message")).toHaveLength(1);

    await retryOutboxEntry(id);
    await eventually(async () => posts("profile/message").length === 2);
    await eventually(async () => (await stateOf(id)) === "failed");
    expect(await discardOutboxEntry(id)).toBe(true);
    expect(await entry(id)).toBeUndefined();
  });

  it("marks a message read through the outbox; the change log brings the read state", async () => {
    const user = await signIn(server.db());
    const message = await server.db().transaction((tx) =>
      createMessage(tx, {
        userId: user.userId,
        kind: null,
        params: {},
        title: "Hi",
        body: "Hello.",
        senderId: null,
      }),
    );
    const sync = start();
    await sync.whenIdle();
    expect((await database().messages.get(message.id))?.read).toBe(false);

    await markMessageRead(message.id);
    await eventually(async () => (await database().messages.get(message.id))?.read === true);
    const [row] = await database().outbox.toArray();
    expect(row).toMatchObject({ command: "message.read", state: "sent" });
    // Already read: nothing more to send.
    await markMessageRead(message.id);
    expect(await database().outbox.count()).toBe(1);
  });

  it("submits identity with its photo: uploaded once, submitted once, though the first answer was lost", async () => {
    const user = await signIn(server.db());
    const sync = start();
    await sync.whenIdle();
    server.loseNextResponse(
      (method, url) => method === "POST" && url.includes("/profile/identity/create"),
    );
    const photo = new Blob([new Uint8Array(await pngImage())], { type: "image/png" });

    await submitIdentity({ name: " Ada Lovelace ", idNumber: "AB1234567", idType: 1, photo });
    const [row] = await database().outbox.toArray();
    const id = row?.id ?? "";
    await eventually(
      async () => (await stateOf(id)) === "waiting" && (await entry(id))?.attempts === 1,
    );
    expect((await entry(id))?.payload["uploadId"]).toEqual(expect.any(String));

    reportReachability(true);
    await currentSyncEngine()?.flushOutbox({ force: true });
    expect(await stateOf(id)).toBe("sent");
    // The photo Blob is dropped once sent.
    expect((await entry(id))?.payload["photo"]).toBeNull();
    expect(posts("storage/upload")).toHaveLength(1);
    expect(posts("profile/identity/create").map((r) => r.idempotencyKey)).toEqual([id, id]);
    const [counts] = await server.db().query<{ uploads: number; submissions: number }>(
      `SELECT (SELECT count(*)::int FROM uploads WHERE user_id = $1) AS uploads,
              (SELECT count(*)::int FROM identity_submissions WHERE user_id = $1) AS submissions`,
      [user.userId],
    );
    expect(counts).toEqual({ uploads: 1, submissions: 1 });
    await eventually(async () => (await database().identity.get(user.userId))?.status === 0);
    expect((await database().identity.get(user.userId))?.name).toBe("Ada Lovelace");
  });
});
