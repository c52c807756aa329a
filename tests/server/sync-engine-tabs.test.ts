// The sync engine's life across tabs and failures, with fake-indexeddb against the real server
// app on a real port: full-jitter backoff while the server fails ("error"), "offline" when it is
// unreachable, a fresh start after a success; persistent storage asked once after sign-in; and
// two tabs electing one leader (fake Web Locks; Node has no navigator.locks).
import "./helpers/browser-globals";
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { database } from "../../src/db/database";
import { readPersistAnswer, readPhase } from "../../src/db/sync-state";
import { backoffCeiling, RECONNECT_BACKOFF } from "../../protocol/backoff";
import { isOnline } from "../../src/sync/online";
import {
  FakeLocks,
  FakePage,
  FakeTabBus,
  testEnvironment,
} from "../../src/sync/testing/fake-environment";
import { freePort } from "./helpers/net";
import {
  connectApi,
  eventually,
  signIn,
  useSyncDevice,
  useSyncTestServer,
} from "./helpers/sync-client";

const server = useSyncTestServer();
const { engine, events, seen } = useSyncDevice(server);

describe("persistent storage", () => {
  it("is asked for once, after sign-in, and the answer remembered", async () => {
    let asked = 0;
    const env = testEnvironment(new FakePage(), {
      persistStorage: async () => {
        asked++;
        return true;
      },
    });
    const first = engine({ env });
    await first.whenIdle();
    expect(asked).toBe(0);

    await signIn(server.db());
    await eventually(async () => (await readPersistAnswer()) !== null);
    expect(await readPersistAnswer()).toMatchObject({ granted: true });
    first.stop();

    await engine({ env }).requestPull();
    expect(asked).toBe(1);
  });
});

describe("failures", () => {
  it("backs off with full jitter while the server fails ('error'), 'offline' when unreachable, and starts over after a success", async () => {
    await signIn(server.db());
    // A server in maintenance: every call answers 503 in the envelope.
    const failing = createServer((_req, res) => {
      res.writeHead(503, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          HttpStatusCode: 503,
          Message: "Maintenance",
          Code: "INTERNAL",
          Data: null,
        }),
      );
    });
    const port = await freePort();
    await new Promise<void>((resolve) => failing.listen(port, "127.0.0.1", resolve));
    const retries: number[] = [];
    const env = testEnvironment(new FakePage(), {
      random: () => 0.999,
      // Retries are recorded, not run: the test pulls by hand.
      setTimer: (_fn, ms) => {
        if (ms < 3_600_000) retries.push(ms);
        return () => undefined;
      },
    });
    try {
      connectApi(`http://127.0.0.1:${port}`, events);
      const sync = engine({ env, pullIntervalMs: 3_600_000, outboxIntervalMs: 3_600_000 });
      // Each failure in a row (the start pull's included) schedules one retry, each later.
      while (retries.length < 8) await sync.requestPull();
      retries.forEach((ms, attempt) => {
        const ceiling = backoffCeiling(attempt, RECONNECT_BACKOFF);
        expect(ms).toBeLessThan(ceiling);
        expect(ms).toBeGreaterThanOrEqual(Math.floor(ceiling * 0.99));
      });
      expect(Math.max(...retries)).toBeLessThan(RECONNECT_BACKOFF.capMs);
      expect(await readPhase()).toBe("error");

      connectApi(`http://127.0.0.1:${await freePort()}`, events);
      await sync.requestPull();
      expect(isOnline()).toBe(false);
      expect(await readPhase()).toBe("offline");

      connectApi(server.origin(), events);
      await sync.requestPull();
      expect(await readPhase()).toBe("in-sync");
      expect(await database().articles.count()).toBeGreaterThan(0);

      retries.length = 0;
      connectApi(`http://127.0.0.1:${port}`, events);
      await sync.requestPull();
      expect(retries).toEqual([Math.floor(0.999 * RECONNECT_BACKOFF.baseMs)]);
    } finally {
      await new Promise((resolve) => failing.close(resolve));
    }
  });
});

describe("leader election", () => {
  it("lets one of two tabs lead; the follower's triggers reach the leader; the next tab takes over", async () => {
    await signIn(server.db());
    const locks = new FakeLocks();
    const bus = new FakeTabBus();
    const pageA = new FakePage();
    const pageB = new FakePage();
    const envFor = (page: FakePage) =>
      testEnvironment(page, { locks, openChannel: () => bus.open() });
    const a = engine({ env: envFor(pageA) });
    await a.requestPull();
    const b = engine({ env: envFor(pageB) });
    expect([a.leading, b.leading]).toEqual([true, false]);

    // The follower asks the leader (it never calls the server itself).
    server.requests.length = 0;
    await b.requestPull();
    expect(bus.sent).toContainEqual({ type: "pull", lang: "en" });
    await eventually(async () => seen("sync").length === 1);

    a.stop();
    await eventually(async () => b.leading);
    await b.requestPull();
    server.requests.length = 0;
    await b.requestPull();
    expect(seen("sync")).toHaveLength(1);
  });
});
