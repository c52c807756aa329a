// Crash safety of the live plan runner: six demo plans (the real trend-following strategy, the
// real registry) subscribed an hour ago on a recorded BTC/USDT path, with their whole 10 minutes
// recorded while no server ran. The real server process starts; its runner, slowed to one page of
// 40 ticks per transaction (QUANTA_TEST_PLAN_PAUSE_MS), brings them forward before following its
// feed and is SIGKILLed as soon as the first plan has moved; the server is started again on the
// same data. Afterwards every plan is delivered exactly once (one 104, one ending change-log put)
// with exactly the trades and pnl an uninterrupted run on a copy of the same record produces, and
// ledger:check passes.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { ListPage } from "../../protocol/list";
import type { QuantSubscription } from "../../protocol/quant";
import type { Db } from "../../server/db/db";
import { migrate } from "../../server/db/migrate";
import { createPgliteDb } from "../../server/db/pglite-db";
import { seedMigratedPglite } from "./helpers/pglite-dir-template";
import { liveQuote } from "../../server/domain/quant/plans/plan-quotes";
import { runSubscription } from "../../server/domain/quant/plans/run-subscription";
import { STRATEGIES } from "../../server/domain/quant/strategies/index";
import { ChildRunner } from "./helpers/child-process";
import { within } from "./helpers/net";
import { fundUsdt, openTickFeed, recordTicks } from "./helpers/options-settlement";
import { subscribeAt, USDT } from "./helpers/quant-plans";
import { startRealServer, type RealServer } from "./helpers/real-server";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";

const PLANS = 6;
const runner = new ChildRunner();
afterAll(() => runner.killAll());

/** A wavy path around 50,000 (a tick every 5 s): crossovers for the trend strategy to trade. */
function path5s(fromMs: number, toMs: number): [number, string][] {
  const out: [number, string][] = [];
  for (let ms = fromMs, i = 0; ms < toMs; ms += 5_000, i += 1) {
    const wave = Math.sin(i / 25) * 600 + Math.sin(i / 7) * 120 + ((i * 7919) % 13) * 4;
    out.push([ms, (50_000 + Math.round(wave)).toFixed(2)]);
  }
  return out;
}

async function plansOf(server: RealServer, user: TestSession): Promise<QuantSubscription[]> {
  const response = await fetch(`${server.url}${API_BASE}/quant/subscriptions`, {
    headers: bearer(user),
  });
  if (!response.ok) throw new Error(`GET subscriptions: ${response.status}`);
  return ((await response.json()) as { Data: ListPage<QuantSubscription> }).Data.items;
}

async function outcome(db: Db) {
  const plans = await db.query<{ id: string; status: string; pnl: string; trades: number }>(
    `SELECT id::text AS id, status, pnl::text AS pnl, trades FROM quant_subscriptions ORDER BY id`,
  );
  const trades = await db.query<{ subscription_id: string; t: string }>(
    `SELECT subscription_id::text AS subscription_id,
            side || ' ' || price::text || ' ' || quantity::text || ' ' || fill || ' ' ||
            tick_seq::text AS t
       FROM quant_trades ORDER BY subscription_id, id`,
  );
  return { plans, trades };
}

it("a runner SIGKILLed mid-backlog delivers every plan once, as an uninterrupted run", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-plan-crash-"));
  const pglite = path.join(dataDir, "pglite");
  const reference = path.join(dataDir, "reference");
  const env = {
    DATA_DIR: dataDir,
    APP_DIST_DIR: path.join(dataDir, "no-dist"),
    QUANTA_TEST_PLAN_PAUSE_MS: "100",
  };
  const startMs = Math.floor((Date.now() - 60 * 60_000) / 60_000) * 60_000 + 7_000;
  const users: TestSession[] = [];
  await seedMigratedPglite(pglite);
  let db = await createPgliteDb({ dataDir: pglite });
  try {
    await migrate(db);
    const { feed } = await openTickFeed(db);
    // 30 minutes before the start (the strategy's warm-up comes from these candles), then the
    // plans' 10 minutes and a little after.
    const ticks = path5s(startMs - 30 * 60_000, startMs + 12 * 60_000);
    await recordTicks(
      feed,
      "BTC/USDT",
      ticks.filter(([ms]) => ms <= startMs),
    );
    for (let i = 0; i < PLANS; i += 1) {
      const user = await createUserSession(db);
      await fundUsdt(db, user.userId, 200n * USDT);
      await subscribeAt(db, user.userId, { planId: "demo-10-minutes", amount: "100" }, startMs);
      users.push(user);
    }
    await recordTicks(
      feed,
      "BTC/USDT",
      ticks.filter(([ms]) => ms > startMs),
    );
    await feed.stop();
  } finally {
    await db.close();
  }
  cpSync(pglite, reference, { recursive: true });

  let server = await startRealServer(runner, env);
  try {
    const first = users[0] as TestSession;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      // Its first page committed: it is mid-way through its backlog.
      const [plan] = await plansOf(server, first);
      if (plan !== undefined && plan.lastTickSeq !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await server.kill();
    const atKill = await (async () => {
      const copy = await createPgliteDb({ dataDir: pglite });
      try {
        const [row] = await copy.query<{ n: number }>(
          // Plans that had acted on a tick by the kill, running or (on a fast machine) already
          // delivered; with others still running, the kill came mid-way through the backlog.
          `SELECT count(*)::int AS n FROM quant_subscriptions WHERE last_tick_seq IS NOT NULL`,
        );
        return { ...(await outcome(copy)), progressed: row?.n ?? 0 };
      } finally {
        await copy.close();
      }
    })();
    const running = atKill.plans.filter((p) => p.status === "running").length;
    expect(running, "the kill came after every plan ended").toBeGreaterThan(0);
    expect(atKill.progressed, "the kill came before any plan moved").toBeGreaterThan(0);
    server = await startRealServer(runner, env);
    const until = Date.now() + 120_000;
    for (const user of users) {
      while (Date.now() < until) {
        const [plan] = await plansOf(server, user);
        if (plan !== undefined && plan.status !== "running") break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    console.info(
      `plan crash: ${PLANS} plans, ${running} running at the kill, ${atKill.progressed} part-run`,
    );
  } finally {
    await server.stop();
  }

  // The same record run without a crash, in-process, on the copy taken before any server ran.
  const ref = await createPgliteDb({ dataDir: reference });
  let expected: Awaited<ReturnType<typeof outcome>>;
  try {
    const ids = (await outcome(ref)).plans.map((p) => p.id);
    for (const id of ids) {
      for (;;) {
        const result = await ref.transaction((tx) =>
          runSubscription(tx, id, {
            strategies: (s) => STRATEGIES[s],
            nowMs: Date.now(),
            quote: liveQuote(undefined, Date.now()),
            pageSize: 2_000,
          }),
        );
        if (result.kind === "not-running" || !result.more) break;
      }
    }
    expected = await outcome(ref);
  } finally {
    await ref.close();
  }

  db = await createPgliteDb({ dataDir: pglite });
  try {
    const actual = await outcome(db);
    expect(actual.plans.every((p) => p.status === "delivered")).toBe(true);
    expect(actual).toEqual(expected);
    const ends = await db.query<{ ref_id: string; n: number }>(
      `SELECT ref_id, count(*)::int AS n FROM bills
        WHERE ref_kind = 'quant-subscription' AND type = 104 GROUP BY ref_id`,
    );
    expect(ends.map((e) => e.n)).toEqual(Array.from({ length: PLANS }, () => 1));
    const endPuts = await db.query<{ entity_id: string; n: number }>(
      `SELECT entity_id, count(*)::int AS n FROM change_log
        WHERE entity = 'quant-subscription' AND data->>'status' <> 'running' GROUP BY entity_id`,
    );
    expect(endPuts.map((e) => e.n)).toEqual(Array.from({ length: PLANS }, () => 1));
    console.info(
      `plan crash: ${actual.trades.length} trades, pnl ${actual.plans.map((p) => p.pnl).join(" ")}`,
    );
  } finally {
    await db.close();
  }
  const check = runner.run("server/cli/ledger-check.ts", [], env);
  expect(await within(check.exited, 60_000, "ledger:check"), JSON.stringify(check.output())).toBe(
    0,
  );
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
}, 300_000);
