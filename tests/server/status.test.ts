// Service status on the real app and PGlite: real probes of real components (the app shell on
// disk, the database and its migrations, the content store, the change log), nothing shown for
// what does not exist or was not probed yet, stored results with `since`, uptime arithmetic from
// hourly counts, pruning, the background prober, and GET /system/status with its ETag.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVICE_KEYS, type SystemStatus } from "../../protocol/content";
import { API_BASE } from "../../protocol/paths";
import { seedContent } from "../../server/domain/content/seed-content";
import { builtInProbes } from "../../server/domain/status/built-in-probes";
import { ProbeRegistry } from "../../server/domain/status/probes";
import { formatUptime, readStatus } from "../../server/domain/status/read-status";
import { runProbe, runProbeRound } from "../../server/domain/status/run-probes";
import { startStatusProber } from "../../server/domain/status/status-prober";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });

const HOUR = 3_600_000;

function registryFor(distDir: string): ProbeRegistry {
  return new ProbeRegistry(builtInProbes({ db: getDb(), appDistDir: distDir }));
}

function stateOf(status: SystemStatus) {
  return Object.fromEntries(status.services.map((s) => [s.key, s.state]));
}

async function getStatus(headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url: `${API_BASE}/system/status`, headers });
}

describe("probes", () => {
  it("before any probe lists no service (nothing was measured, so nothing is down)", async () => {
    const status = await readStatus(getDb());
    expect(status.services).toEqual([]);
  });

  it("probes the real components; web follows the app shell on disk and since moves with the state", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "quanta-dist-"));
    const registry = registryFor(dist);
    const t0 = new Date("2026-03-01T10:15:00Z");

    const first = await runProbeRound(getDb(), registry, {}, () => t0);
    expect(Object.fromEntries(first.map((r) => [r.key, [r.state, r.detail]]))).toEqual({
      web: ["down", expect.stringContaining("index.html")],
      api: ["up", null],
      // Nothing seeded yet: the content store answers, but has nothing to serve.
      community: ["down", "the content store has no English articles or links"],
      coding: ["up", null],
    });

    writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
    await seedContent(getDb());
    const t1 = new Date(t0.getTime() + 60_000);
    await runProbeRound(getDb(), registry, {}, () => t1);
    const t2 = new Date(t1.getTime() + 60_000);
    await runProbeRound(getDb(), registry, {}, () => t2);

    const status = await readStatus(getDb(), t2);
    // Only what is built and probed: no lab, backtest, optimise (not built) nor live (no feed).
    expect(stateOf(status)).toEqual({ web: "up", api: "up", community: "up", coding: "up" });
    const web = status.services.find((s) => s.key === "web");
    const api = status.services.find((s) => s.key === "api");
    // web changed state at t1; api has been up since t0.
    expect(web).toEqual({ key: "web", state: "up", uptime: "66.66", since: t1.toISOString() });
    expect(api).toEqual({ key: "api", state: "up", uptime: "100.00", since: t0.toISOString() });
    expect(status.checkedAt).toBe(t2.toISOString());
  });

  it("reports the api down when the schema is not at the code's migration", async () => {
    const registry = new ProbeRegistry(
      builtInProbes({
        db: getDb(),
        appDistDir: "/nowhere",
        expectedMigration: Promise.resolve(99),
      }),
    );
    const api = registry.probe("api");
    if (api === undefined) throw new Error("the api has no probe");
    expect(await runProbe(api)).toEqual({
      state: "down",
      detail: expect.stringMatching(/^schema at migration \d+, code expects 99$/),
    });
  });

  it("probes a service once its component registers a probe, and shows it from then on", async () => {
    const registry = registryFor("/nowhere");
    expect(registry.keys()).toEqual(["web", "community", "coding", "api"]);
    expect(registry.probe("live")).toBeUndefined();
    registry.registerProbe("live", async () => ({ state: "up", detail: null }));
    expect(registry.keys()).toContain("live");
    const t0 = new Date("2026-03-01T10:15:00Z");
    await runProbeRound(getDb(), registry, {}, () => t0);
    const status = await readStatus(getDb(), t0);
    expect(status.services.find((s) => s.key === "live")).toEqual({
      key: "live",
      state: "up",
      uptime: "100.00",
      since: t0.toISOString(),
    });
    expect(status.services.map((s) => s.key)).not.toContain("lab");
  });

  it("drops what earlier versions recorded for services that are not built", async () => {
    const t0 = new Date("2026-03-01T10:15:00Z");
    await getDb().query(
      `INSERT INTO status_current (key, state, detail, since, checked_at)
       VALUES ('lab', 'down', 'not running yet', $1, $1)`,
      [t0],
    );
    await getDb().query(
      "INSERT INTO status_hourly (key, hour, up, total) VALUES ('lab', $1, 0, 60)",
      [new Date("2026-03-01T10:00:00Z")],
    );
    await runProbeRound(getDb(), registryFor("/nowhere"), {}, () => t0);
    const left = await getDb().query(
      "SELECT key FROM status_current WHERE key = 'lab' UNION ALL SELECT key FROM status_hourly WHERE key = 'lab'",
    );
    expect(left).toEqual([]);
  });

  it("is down on a throw or no answer in time, degraded when it passes slowly", async () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    expect(
      await runProbe(async () => {
        throw new Error("connection refused");
      }),
    ).toEqual({ state: "down", detail: "connection refused" });
    expect(await runProbe(() => new Promise(() => undefined), { timeoutMs: 50 })).toEqual({
      state: "down",
      detail: "no answer within 50 ms",
    });
    const slow = await runProbe(
      async () => {
        await sleep(60);
        return { state: "up", detail: null };
      },
      { degradedMs: 20 },
    );
    expect(slow.state).toBe("degraded");
    // A failing probe stays down however slow it was.
    const slowDown = await runProbe(
      async () => {
        await sleep(60);
        return { state: "down", detail: "x" };
      },
      { degradedMs: 20 },
    );
    expect(slowDown.state).toBe("down");
  });
});

describe("uptime", () => {
  it("formats up/total with two decimals, rounded down", () => {
    expect(formatUptime(null, null)).toBe("0.00");
    expect(formatUptime("0", "0")).toBe("0.00");
    expect(formatUptime("1999", "2000")).toBe("99.95");
    expect(formatUptime("9999", "10000")).toBe("99.99");
    expect(formatUptime("19999", "20000")).toBe("99.99");
    expect(formatUptime("2", "3")).toBe("66.66");
    expect(formatUptime("5", "5")).toBe("100.00");
    expect(formatUptime("0", "7")).toBe("0.00");
    expect(formatUptime("43200", "43200")).toBe("100.00");
  });

  it("counts the last 30 days of hourly rows (degraded as up) and prunes past 31 days", async () => {
    const now = new Date("2026-05-31T12:30:00Z");
    const hour = (hoursAgo: number) =>
      new Date(Math.floor(now.getTime() / HOUR) * HOUR - hoursAgo * HOUR);
    const insert = (key: string, hoursAgo: number, up: number, total: number) =>
      getDb().query("INSERT INTO status_hourly (key, hour, up, total) VALUES ($1, $2, $3, $4)", [
        key,
        hour(hoursAgo),
        up,
        total,
      ]);
    await insert("web", 0, 59, 60);
    await insert("web", 1, 60, 60);
    await insert("web", 719, 0, 1880);
    // Older than 30 days: not counted, and older than 31 days: pruned by the next round.
    await insert("web", 721, 0, 1000);
    await insert("web", 24 * 31 + 2, 0, 1000);
    await insert("api", 3, 3, 4);
    for (const key of ["web", "api"]) {
      await getDb().query(
        "INSERT INTO status_current (key, state, since, checked_at) VALUES ($1, 'up', $2, $2)",
        [key, hour(0)],
      );
    }

    const status = await readStatus(getDb(), now);
    const uptime = Object.fromEntries(status.services.map((s) => [s.key, s.uptime]));
    expect(uptime).toMatchObject({ web: "5.95", api: "75.00" });

    const always = new ProbeRegistry(
      Object.fromEntries(
        SERVICE_KEYS.map((k) => [k, async () => ({ state: "up" as const, detail: null })]),
      ),
    );
    always.registerProbe("api", async () => ({ state: "degraded", detail: "slow" }));
    await runProbeRound(getDb(), always, {}, () => now);
    const rows = await getDb().query<{ key: string; up: number; total: number }>(
      "SELECT key, up, total FROM status_hourly WHERE hour = $1 ORDER BY key",
      [hour(0)],
    );
    expect(rows.find((r) => r.key === "web")).toEqual({ key: "web", up: 60, total: 61 });
    expect(rows.find((r) => r.key === "api")).toEqual({ key: "api", up: 1, total: 1 });
    const [old] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM status_hourly WHERE hour < $1",
      [new Date(now.getTime() - 31 * 24 * HOUR)],
    );
    expect(old?.n).toBe(0);
    const [kept] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM status_hourly WHERE key = 'web' AND hour = $1",
      [hour(721)],
    );
    expect(kept?.n).toBe(1);
  });
});

describe("prober and GET /system/status", () => {
  it("probes at start and on its interval, stops cleanly, and the route answers with a 304-able ETag", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "quanta-dist-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html>");
    await seedContent(getDb());
    const prober = startStatusProber(getDb(), { appDistDir: dist }, { intervalMs: 100 });
    try {
      await prober.runOnce();
      const response = await getStatus();
      expect(response.statusCode).toBe(200);
      const status = response.json<{ Data: SystemStatus }>().Data;
      expect(stateOf(status)).toEqual({ web: "up", community: "up", coding: "up", api: "up" });
      for (const s of status.services) expect(s.uptime).toBe(s.state === "up" ? "100.00" : "0.00");

      const etag = String(response.headers.etag);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect((await getStatus({ "if-none-match": etag })).statusCode).toBe(304);

      // The interval keeps probing: the total grows without being asked.
      const total = async () =>
        (
          await getDb().query<{ n: number }>(
            "SELECT sum(total)::int AS n FROM status_hourly WHERE key = 'api'",
          )
        )[0]?.n ?? 0;
      // Polled, not one fixed wait: on a loaded machine a 100 ms interval can slip past 350 ms.
      const before = await total();
      await expect.poll(total, { timeout: 10_000, interval: 50 }).toBeGreaterThan(before);
    } finally {
      await prober.stop();
    }
    const stopped = (
      await getDb().query<{ n: number }>("SELECT sum(total)::int AS n FROM status_hourly")
    )[0]?.n;
    await new Promise((r) => setTimeout(r, 250));
    const later = (
      await getDb().query<{ n: number }>("SELECT sum(total)::int AS n FROM status_hourly")
    )[0]?.n;
    expect(later).toBe(stopped);
  });
});

describe("prober readiness", () => {
  it("takes its first probe only once the server is ready, so a slow start is not an outage", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "quanta-dist-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html>");
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const prober = startStatusProber(getDb(), { appDistDir: dist }, { intervalMs: 50, ready });
    const rounds = async () =>
      (await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM status_current"))[0]?.n;
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(await rounds()).toBe(0);
      expect((await readStatus(getDb())).services).toEqual([]);
      markReady();
      await expect.poll(rounds, { timeout: 5_000 }).toBe(4);
    } finally {
      await prober.stop();
    }
  });
});

describePostgres(
  "status on PostgreSQL",
  (pg) => {
    it("records rounds, keeps since across equal states and computes uptime", async () => {
      const db = pg.db();
      await seedContent(db);
      const dist = mkdtempSync(path.join(tmpdir(), "quanta-dist-"));
      const registry = new ProbeRegistry(builtInProbes({ db, appDistDir: dist }));
      const t0 = new Date("2026-03-01T10:59:00Z");
      await runProbeRound(db, registry, {}, () => t0);
      writeFileSync(path.join(dist, "index.html"), "<!doctype html>");
      const t1 = new Date("2026-03-01T11:00:30Z");
      await runProbeRound(db, registry, {}, () => t1);
      await runProbeRound(db, registry, {}, () => new Date(t1.getTime() + 60_000));
      const status = await readStatus(db, new Date(t1.getTime() + 60_000));
      expect(status.services.find((s) => s.key === "web")).toMatchObject({
        state: "up",
        uptime: "66.66",
        since: t1.toISOString(),
      });
      expect(status.services.find((s) => s.key === "api")).toMatchObject({
        state: "up",
        uptime: "100.00",
        since: t0.toISOString(),
      });
      // Buckets are UTC hours.
      const hours = await db.query<{ hour: Date; total: number }>(
        "SELECT hour, total FROM status_hourly WHERE key = 'api' ORDER BY hour",
      );
      expect(hours.map((h) => [h.hour.toISOString(), h.total])).toEqual([
        ["2026-03-01T10:00:00.000Z", 1],
        ["2026-03-01T11:00:00.000Z", 2],
      ]);
    });
  },
  { migrate: true },
);
