import Dexie from "dexie";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/errors";
import { closeDatabase, database, DB_NAME } from "../db/database";
import { enqueueOutbox, type OutboxRow } from "../db/outbox";
import { backoffCeiling } from "../../protocol/backoff";
import {
  classifySendFailure,
  OUTBOX_BACKOFF,
  OUTBOX_TICK_MS,
  OutboxFlusher,
  SENDING_STALE_MS,
  SENT_KEEP_MS,
} from "./outbox";
import { FakeLocks, testEnvironment } from "./testing/fake-environment";

let now = Date.parse("2026-01-01T00:00:00Z");
let outcomes: (Error | null)[] = [];
let sent: OutboxRow[] = [];

function flusher(user: string | null = "u1") {
  return new OutboxFlusher({
    env: testEnvironment(undefined, { now: () => now, random: () => 0.5 }),
    userId: () => user,
    send: async (row) => {
      // What a screen would see while the request is on its way.
      expect((await database().outbox.get(row.id))?.state).toBe("sending");
      sent.push(row);
      const outcome = outcomes.shift() ?? null;
      if (outcome) throw outcome;
    },
  });
}

/** A tab's flusher with Web Locks; `answer` delays the server's answer to each send. */
function lockedFlusher(locks: FakeLocks, answer: () => Promise<unknown> = async () => undefined) {
  return new OutboxFlusher({
    env: testEnvironment(undefined, { now: () => now, random: () => 0.5, locks }),
    userId: () => "u1",
    send: async (row) => {
      sent.push(row);
      await answer();
    },
  });
}

const subscribe = (email: string, user: string | null = "u1") =>
  enqueueOutbox(user, "system.subscribe", { email }).then((r) => r.id);
const row = async (id: string) => (await database().outbox.get(id)) as OutboxRow;

describe("outbox state machine", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
    now = Date.parse("2026-01-01T00:00:00Z");
    outcomes = [];
    sent = [];
  });

  it("saves first (waiting), then sends oldest first and marks sent", async () => {
    const first = await subscribe("a@example.com");
    const second = await subscribe("b@example.com");
    expect((await row(first)).state).toBe("waiting");
    await flusher().flush();
    expect(sent.map((r) => r.id)).toEqual([first, second]);
    expect((await row(first)).state).toBe("sent");
    expect((await row(second)).attempts).toBe(1);
  });

  it("fails a business error with the server's code and params and never retries it by itself", async () => {
    const id = await subscribe("a@example.com");
    outcomes = [
      new ApiError(400, "VALIDATION", "Please enter a valid email address", {
        field: "email",
        rule: "format",
      }),
    ];
    const outbox = flusher();
    await outbox.flush();
    expect(await row(id)).toMatchObject({
      state: "failed",
      failure: { code: "VALIDATION", params: { field: "email", rule: "format" } },
    });
    await outbox.flush({ force: true });
    expect(sent).toHaveLength(1);
  });

  it("puts transient failures back to waiting with jittered backoff, and stops the round", async () => {
    const id = await subscribe("a@example.com");
    const other = await subscribe("b@example.com");
    const outbox = flusher();
    for (const [attempt, error] of [
      new ApiError(0, "NETWORK", "fetch failed"),
      new ApiError(503, "BAD_RESPONSE", "Service Unavailable"),
      new ApiError(429, "RATE_LIMITED", "Too many requests"),
    ].entries()) {
      outcomes = [error];
      await outbox.flush({ force: true });
      const waiting = await row(id);
      expect(waiting.state).toBe("waiting");
      expect(waiting.attempts).toBe(attempt + 1);
      // random() = 0.5: half the ceiling of this attempt.
      expect(waiting.nextAttemptAt - now).toBe(backoffCeiling(attempt, OUTBOX_BACKOFF) / 2);
    }
    // The second entry was never tried: the first one's failure ended each round.
    expect(sent.map((r) => r.id)).toEqual([id, id, id]);
    expect((await row(other)).attempts).toBe(0);

    // Without force only what is due goes: the untried entry, not the backed-off one.
    await outbox.flush();
    expect(sent.map((r) => r.id)).toEqual([id, id, id, other]);
    expect((await row(id)).state).toBe("waiting");
    now = (await row(id)).nextAttemptAt;
    await outbox.flush();
    expect((await row(id)).state).toBe("sent");
  });

  it("while watching, tries a transient failure again when its backoff ends, not at the next tick", async () => {
    const timers: { ms: number; fire: () => void }[] = [];
    const outbox = new OutboxFlusher({
      env: testEnvironment(undefined, {
        now: () => now,
        random: () => 0.5,
        // Like setTimeout: a timer that fired or was cancelled is gone.
        setTimer: (fn, ms) => {
          const remove = () => {
            if (timers.includes(timer)) timers.splice(timers.indexOf(timer), 1);
          };
          const timer = {
            ms,
            fire: () => {
              remove();
              fn();
            },
          };
          timers.push(timer);
          return remove;
        },
      }),
      userId: () => "u1",
      send: async (row) => {
        sent.push(row);
        const outcome = outcomes.shift() ?? null;
        if (outcome) throw outcome;
      },
    });
    const stop = outbox.watch();
    const id = await subscribe("a@example.com");
    outcomes = [new ApiError(0, "NETWORK", "No answer")];
    await outbox.flush();
    const backoff = backoffCeiling(0, OUTBOX_BACKOFF) / 2;
    expect((await row(id)).nextAttemptAt).toBe(now + backoff);
    const retry = timers.find((t) => t.ms === backoff);
    expect(retry).toBeDefined();
    now += backoff;
    retry?.fire();
    await vi.waitFor(async () => expect((await row(id)).state).toBe("sent"));
    expect(sent.map((r) => r.id)).toEqual([id, id]);
    // Stopped (no longer the leader): no timer is left behind.
    stop();
    expect(timers).toEqual([]);
  });

  it("sets no retry timer after a 401 (the session hooks act) or when not watching", async () => {
    const timers: number[] = [];
    const env = testEnvironment(undefined, {
      now: () => now,
      setTimer: (_fire, ms) => {
        timers.push(ms);
        return () => undefined;
      },
    });
    const send = async () => {
      throw new ApiError(401, "UNAUTHORIZED", "Unauthorized");
    };
    const watched = new OutboxFlusher({ env, userId: () => "u1", send });
    const stop = watched.watch();
    await subscribe("a@example.com");
    await watched.flush();
    expect(timers.filter((ms) => ms !== OUTBOX_TICK_MS)).toEqual([]);
    stop();
    outcomes = [new ApiError(0, "NETWORK", "No answer")];
    await flusher().flush();
    expect(timers.filter((ms) => ms !== OUTBOX_TICK_MS)).toEqual([]);
  });

  it("leaves an entry waiting, due at once, when the session is gone (401) or locked", async () => {
    const id = await subscribe("a@example.com");
    outcomes = [new ApiError(401, "UNAUTHORIZED", "Unauthorized")];
    await flusher().flush();
    expect(await row(id)).toMatchObject({ state: "waiting", nextAttemptAt: now, failure: null });
  });

  it("with Web Locks, retries a 'sending' entry left by a closed tab at once", async () => {
    const id = await subscribe("a@example.com");
    const stuck = { ...(await row(id)), state: "sending" as const };
    await database().outbox.put({ ...stuck, updatedAt: new Date(now).toISOString() });
    await lockedFlusher(new FakeLocks()).flush();
    expect(sent.map((r) => r.id)).toEqual([id]);
    expect((await row(id)).state).toBe("sent");
  });

  it("with Web Locks, never sends an entry another tab is sending: its flush holds the lock", async () => {
    const id = await subscribe("a@example.com");
    const locks = new FakeLocks();
    let release: () => void = () => undefined;
    const answered = new Promise<undefined>((resolve) => {
      release = () => resolve(undefined);
    });
    const slowTab = lockedFlusher(locks, () => answered);
    const first = slowTab.flush();
    await vi.waitFor(async () => expect((await row(id)).state).toBe("sending"));
    const otherTab = lockedFlusher(locks).flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
    release();
    await Promise.all([first, otherTab]);
    expect(sent.map((r) => r.id)).toEqual([id]);
    expect((await row(id)).state).toBe("sent");
  });

  it("without Web Locks, retries a 'sending' entry left by a closed tab only after the timeout", async () => {
    const id = await subscribe("a@example.com");
    const stuck = { ...(await row(id)), state: "sending" as const };
    await database().outbox.put({ ...stuck, updatedAt: new Date(now).toISOString() });
    const outbox = flusher();
    now += SENDING_STALE_MS - 1;
    await outbox.flush();
    expect(sent).toHaveLength(0);
    now += 2;
    await outbox.flush();
    expect(sent.map((r) => r.id)).toEqual([id]);
    expect((await row(id)).state).toBe("sent");
  });

  it("keeps sent entries a day for the UI, then prunes them", async () => {
    const id = await subscribe("a@example.com");
    const outbox = flusher();
    await outbox.flush();
    now = Date.parse((await row(id)).updatedAt) + SENT_KEEP_MS - 1_000;
    await outbox.flush();
    expect(await database().outbox.get(id)).toBeDefined();
    now += 2_000;
    await outbox.flush();
    expect(await database().outbox.get(id)).toBeUndefined();
  });

  it("never sends another user's entries with this user's token", async () => {
    await subscribe("theirs@example.com", "u2");
    const mine = await subscribe("mine@example.com", "u1");
    await flusher("u1").flush();
    expect(sent.map((r) => r.id)).toEqual([mine]);
  });

  it("runs one flush at a time; a call during one runs one more after it", async () => {
    await subscribe("a@example.com");
    const outbox = flusher();
    const first = outbox.flush();
    expect(outbox.flush()).toBe(first);
    await first;
    expect(sent).toHaveLength(1);
  });

  it("classifies failures", () => {
    const api = (status: number, code = "X") =>
      classifySendFailure(new ApiError(status, code as "VALIDATION", `m${status}`));
    expect([0, 408, 429, 500, 502, 503].map((s) => api(s).kind)).toEqual(Array(6).fill("retry"));
    for (const status of [400, 403, 404, 409, 422, 413]) {
      expect(api(status)).toEqual({ kind: "fail", failure: { code: "X", params: {} } });
    }
    expect(api(401, "UNAUTHORIZED").kind).toBe("halt");
    expect(api(403, "ACCOUNT_LOCKED").kind).toBe("halt");
    // Signed out while it was in flight: it waits for its user's next session.
    expect(api(0, "SESSION_ENDED").kind).toBe("halt");
    expect(classifySendFailure(new Error("photo gone"))).toEqual({
      kind: "fail",
      failure: { code: "UNSENDABLE", params: {} },
    });
  });
});
