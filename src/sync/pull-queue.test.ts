import { describe, expect, it } from "vitest";
import { computePhase } from "./phase";
import { ACCOUNT_ONLY, EVERYTHING, PullQueue, type PullScope } from "./pull-queue";
import { testEnvironment } from "./testing/fake-environment";

function queue(outcomes: (Error | null)[] = []) {
  const runs: PullScope[] = [];
  const retries: number[] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> | null = null;
  const q = new PullQueue({
    env: testEnvironment(undefined, {
      random: () => 0.5,
      setTimer: (_fn, ms) => {
        retries.push(ms);
        return () => undefined;
      },
    }),
    run: async (scope) => {
      runs.push(scope);
      if (gate) await gate;
      const outcome = outcomes.shift() ?? null;
      if (outcome) throw outcome;
    },
    onChange: () => undefined,
  });
  return {
    q,
    runs,
    retries,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    let() {
      gate = null;
      release();
    },
  };
}

describe("pull queue", () => {
  it("runs one pull at a time and folds every request made during it into one more", async () => {
    const t = queue();
    t.hold();
    const first = t.q.request(ACCOUNT_ONLY);
    const others = [t.q.request(ACCOUNT_ONLY), t.q.request({ public: true, account: false })];
    t.let();
    await Promise.all([first, ...others]);
    expect(t.runs).toEqual([ACCOUNT_ONLY, EVERYTHING]);
    await t.q.whenIdle();
    await t.q.request(ACCOUNT_ONLY);
    expect(t.runs).toHaveLength(3);
  });

  it("schedules a retry with growing full-jitter waits, and starts over after a success", async () => {
    const boom = new Error("503");
    const t = queue([boom, boom, boom, null, boom]);
    for (let i = 0; i < 5; i++) await t.q.request(EVERYTHING);
    expect(t.retries).toEqual([500, 1_000, 2_000, 500]);
  });
});

describe("sync phase", () => {
  const base = { online: true, pulling: false, pushing: false, failed: false, syncedOnce: true };
  it("stays stopped: a pull failing after stop schedules no retry, and later requests run nothing", async () => {
    const t = queue([new Error("503")]);
    t.hold();
    const running = t.q.request(EVERYTHING);
    t.q.stop();
    t.let();
    await running;
    expect(t.retries).toEqual([]);
    await t.q.request(ACCOUNT_ONLY);
    await t.q.whenIdle();
    expect(t.runs).toEqual([EVERYTHING]);
  });

  it("says offline first, then what is happening, then how the last pull went", () => {
    expect(computePhase({ ...base, online: false, pulling: true })).toBe("offline");
    expect(computePhase({ ...base, pulling: true, syncedOnce: false })).toBe("initial");
    expect(computePhase({ ...base, pulling: true })).toBe("pulling");
    expect(computePhase({ ...base, pushing: true, failed: true })).toBe("pushing");
    expect(computePhase({ ...base, failed: true })).toBe("error");
    expect(computePhase({ ...base, syncedOnce: false })).toBe("initial");
    expect(computePhase(base)).toBe("in-sync");
  });
});
