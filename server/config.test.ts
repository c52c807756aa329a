import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type Env } from "./config";
import { DEMO_CONTRACT_TERMS } from "./domain/contract/contract-config";
import { DEFAULT_INVITE_RULE } from "./domain/invite/invite-config";

const CWD = "/srv/quanta";

function problemsOf(env: Env): readonly string[] {
  try {
    loadConfig(env, CWD);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("gives demo defaults for an empty environment", () => {
    expect(loadConfig({}, CWD)).toEqual({
      mode: "demo",
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/srv/quanta/data",
      database: { kind: "pglite", dataDir: "/srv/quanta/data/pglite" },
      publicOrigin: null,
      appDistDir: "/srv/quanta/dist",
      logLevel: "info",
      trustProxy: false,
      siweChainIds: [31337, 1],
      walletConnect: false,
      operatorCountry: "",
      market: {
        source: "simulated",
        seed: "quanta-demo",
        ticksPerSecond: 1,
        backfillDays: 30,
        binanceUrl: "wss://stream.binance.com:9443/stream",
      },
      chain: { kind: "dev", confirmations: 2 },
      options: {
        products: [30, 60, 120, 300].map((seconds) => ({
          seconds,
          payoutRate: "0.85",
          feeRate: "0.01",
          minAmount: "1",
          maxAmount: "10000",
        })),
      },
      contract: { terms: DEMO_CONTRACT_TERMS },
      invite: DEFAULT_INVITE_RULE,
      withdrawals: { secondApprovalAbove: "1000" },
      mail: { kind: "demo-sink", from: "Quanta <newsletter@quanta.localhost>" },
      operatorKey: { kind: "file", file: "/srv/quanta/data/operator-secret.key" },
    });
  });

  it("reads every variable and resolves relative paths against cwd", () => {
    const config = loadConfig(
      {
        QUANTA_MODE: "production",
        PORT: "3000",
        HOST: "127.0.0.1",
        DATA_DIR: "var/q",
        DATABASE_URL: "postgresql://quanta:secret@db.internal:5432/quanta",
        PUBLIC_ORIGIN: "https://quanta.example/",
        APP_DIST_DIR: "/opt/app",
        LOG_LEVEL: "WARN",
        TRUST_PROXY: "1",
        SIWE_CHAIN_IDS: "1, 10,1",
        VITE_WC_PROJECT_ID: "0123456789abcdef",
        OPERATOR_COUNTRY: "ch",
        OPTIONS_PRODUCTS: "60:0.80:0.02:5:500, 30:0.85:0:1.5:1000",
        CONTRACT_TERMS: "10,1,5:0.0004:0.004:10",
        INVITE_REWARD_USDT: "2.5",
        INVITE_REWARD_MIN_DEPOSIT_USDT: "50",
        INVITE_REWARD_NEEDS_VERIFICATION: "false",
        WITHDRAWAL_SECOND_APPROVAL_ABOVE: "2500.50",
        SMTP_URL: "smtps://news:secret@mail.example:465",
        MAIL_FROM: "Quanta News <news@quanta.example>",
        OPERATOR_SECRET_KEY: "ab".repeat(32),
      },
      CWD,
    );
    expect(config).toEqual({
      mode: "production",
      port: 3000,
      host: "127.0.0.1",
      dataDir: path.resolve(CWD, "var/q"),
      database: { kind: "postgres", url: "postgresql://quanta:secret@db.internal:5432/quanta" },
      publicOrigin: "https://quanta.example",
      appDistDir: "/opt/app",
      logLevel: "warn",
      trustProxy: 1,
      siweChainIds: [1, 10],
      walletConnect: true,
      operatorCountry: "CH",
      market: {
        source: "binance",
        seed: "quanta-demo",
        ticksPerSecond: 1,
        backfillDays: 30,
        binanceUrl: "wss://stream.binance.com:9443/stream",
      },
      // Production without CHAIN_RPC_URL & co.: deposits by operator review only (chain-config.test.ts).
      chain: { kind: "none" },
      options: {
        products: [
          { seconds: 30, payoutRate: "0.85", feeRate: "0", minAmount: "1.5", maxAmount: "1000" },
          { seconds: 60, payoutRate: "0.8", feeRate: "0.02", minAmount: "5", maxAmount: "500" },
        ],
      },
      contract: {
        terms: {
          leverages: [1, 5, 10],
          feeRate: { num: 4n, den: 10_000n },
          mmr: { num: 4n, den: 1_000n },
          minValue: 10_000_000n,
        },
      },
      invite: { reward: 2_500_000n, minDeposit: 50_000_000n, needsVerification: false },
      withdrawals: { secondApprovalAbove: "2500.5" },
      mail: {
        kind: "smtp",
        url: "smtps://news:secret@mail.example:465",
        from: "Quanta News <news@quanta.example>",
      },
      operatorKey: { kind: "env", key: Buffer.alloc(32, 0xab) },
    });
  });

  it("operator key: hex or base64 of 32 bytes; a generated file in demo, none in production", () => {
    const key = Buffer.alloc(32, 7);
    for (const value of [key.toString("hex"), key.toString("base64"), key.toString("base64url")]) {
      expect(loadConfig({ OPERATOR_SECRET_KEY: value }, CWD).operatorKey).toEqual({
        kind: "env",
        key,
      });
    }
    for (const value of ["ab".repeat(31), "short", Buffer.alloc(31).toString("base64")]) {
      expect(problemsOf({ OPERATOR_SECRET_KEY: value })).toEqual([
        expect.stringContaining("OPERATOR_SECRET_KEY must be 32 bytes"),
      ]);
    }
    const production = {
      QUANTA_MODE: "production",
      DATABASE_URL: "postgres://db/q",
      PUBLIC_ORIGIN: "https://quanta.example",
    };
    expect(loadConfig(production, CWD).operatorKey).toEqual({ kind: "none" });
  });

  it("refuses an invitation rule it cannot honour, saying why", () => {
    const problems = problemsOf({
      INVITE_REWARD_USDT: "-5",
      INVITE_REWARD_MIN_DEPOSIT_USDT: "1.1234567",
      INVITE_REWARD_NEEDS_VERIFICATION: "yes",
    });
    expect(problems).toEqual([
      expect.stringContaining("INVITE_REWARD_USDT must be a USDT amount"),
      expect.stringContaining("INVITE_REWARD_MIN_DEPOSIT_USDT must be a USDT amount"),
      expect.stringContaining('INVITE_REWARD_NEEDS_VERIFICATION must be "true" or "false"'),
    ]);
    expect(problemsOf({ INVITE_REWARD_USDT: "20000" })).toEqual([
      expect.stringContaining("INVITE_REWARD_USDT must be at most"),
    ]);
  });

  it("refuses a two-person threshold that is not a USDT amount", () => {
    for (const value of ["-1", "1e3", "1000.1234567", "lots"]) {
      expect(problemsOf({ WITHDRAWAL_SECOND_APPROVAL_ABOVE: value })).toEqual([
        expect.stringContaining("WITHDRAWAL_SECOND_APPROVAL_ABOVE must be a USDT amount"),
      ]);
    }
    expect(loadConfig({}, CWD).withdrawals).toEqual({ secondApprovalAbove: "1000" });
    expect(loadConfig({ WITHDRAWAL_SECOND_APPROVAL_ABOVE: "0" }, CWD).withdrawals).toEqual({
      secondApprovalAbove: "0",
    });
  });

  it("mail: the demo sink without SMTP_URL in demo, none in production; bad values refused", () => {
    const production = { QUANTA_MODE: "production", DATABASE_URL: "postgres://db/q" };
    const origin = { PUBLIC_ORIGIN: "https://quanta.example" };
    expect(loadConfig({ ...production, ...origin }, CWD).mail.kind).toBe("none");
    expect(problemsOf({ SMTP_URL: "http://user:hunter2@mail.example" })).toEqual([
      "SMTP_URL must be an smtp:// or smtps:// URL (got a http:// URL)",
    ]);
    expect(problemsOf({ MAIL_FROM: "a@b.c\r\nBcc: x@y.z" })).toEqual([
      expect.stringContaining("MAIL_FROM must be an address"),
    ]);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " ", QUANTA_MODE: "" }, CWD)).toMatchObject({
      mode: "demo",
      port: 8080,
      database: { kind: "pglite" },
    });
  });

  it("accepts postgres:// as well as postgresql://", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }, CWD).database).toEqual({
      kind: "postgres",
      url: "postgres://u@h/db",
    });
  });

  it.each(["0", "65536", "80.5", "-1", "abc", "8080x", "999999"])("rejects PORT=%s", (port) => {
    expect(problemsOf({ PORT: port })).toEqual([
      `PORT must be an integer from 1 to 65535 (got "${port}")`,
    ]);
  });

  it.each(["1", "65535"])("accepts PORT=%s", (port) => {
    expect(loadConfig({ PORT: port }, CWD).port).toBe(Number(port));
  });

  it.each([
    "https://quanta.example/app",
    "https://quanta.example?x=1",
    "https://quanta.example/#top",
    "ftp://quanta.example",
    "quanta.example",
    "https://user:pw@quanta.example",
  ])("rejects PUBLIC_ORIGIN=%s", (origin) => {
    expect(problemsOf({ PUBLIC_ORIGIN: origin })).toEqual([
      `PUBLIC_ORIGIN must be an http(s) origin without a path, like https://quanta.example (got "${origin}")`,
    ]);
  });

  it("lists every problem at once, without echoing a database password", () => {
    const problems = problemsOf({
      QUANTA_MODE: "prod",
      PORT: "http",
      DATABASE_URL: "mysql://root:topsecret@db/x",
      LOG_LEVEL: "loud",
      TRUST_PROXY: "maybe",
    });
    expect(problems).toEqual([
      'QUANTA_MODE must be "demo" or "production" (got "prod")',
      'PORT must be an integer from 1 to 65535 (got "http")',
      "DATABASE_URL must be a postgres:// or postgresql:// URL (got a mysql:// URL)",
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'TRUST_PROXY must be true, false or a number of proxy hops (got "maybe")',
    ]);
    expect(problems.join("\n")).not.toContain("topsecret");
  });

  it("puts every problem in the error message, one per line", () => {
    expect(() => loadConfig({ PORT: "0", QUANTA_MODE: "x" }, CWD)).toThrow(
      /Invalid configuration:\n {2}- QUANTA_MODE .*\n {2}- PORT /,
    );
  });

  it("refuses production without DATABASE_URL and PUBLIC_ORIGIN (demo parts stay in demo)", () => {
    expect(problemsOf({ QUANTA_MODE: "production" })).toEqual([
      "QUANTA_MODE=production requires DATABASE_URL (the embedded PGlite database is demo only)",
      "QUANTA_MODE=production requires PUBLIC_ORIGIN (the https origin users open the app at)",
    ]);
  });

  it("refuses a plain-http public origin in production, except on localhost", () => {
    const base = { QUANTA_MODE: "production", DATABASE_URL: "postgres://u@h/db" };
    expect(problemsOf({ ...base, PUBLIC_ORIGIN: "http://quanta.example" })).toEqual([
      'PUBLIC_ORIGIN must use https in production (got "http://quanta.example")',
    ]);
    expect(loadConfig({ ...base, PUBLIC_ORIGIN: "http://localhost:8080" }, CWD).publicOrigin).toBe(
      "http://localhost:8080",
    );
  });

  it("accepts only mainnet for wallet sign-in in production unless told otherwise", () => {
    const base = { QUANTA_MODE: "production", DATABASE_URL: "postgres://u@h/db" };
    const env = { ...base, PUBLIC_ORIGIN: "https://quanta.example" };
    expect(loadConfig(env, CWD).siweChainIds).toEqual([1]);
    expect(loadConfig({ ...env, SIWE_CHAIN_IDS: "8453" }, CWD).siweChainIds).toEqual([8453]);
  });

  it.each(["0", "1,", "1;5", "x", "-1", "1.5", "01", "9007199254740993"])(
    "rejects SIWE_CHAIN_IDS=%s",
    (ids) => {
      expect(problemsOf({ SIWE_CHAIN_IDS: ids })).toEqual([
        `SIWE_CHAIN_IDS must be a comma-separated list of positive integer chain ids, like "1" or "31337,1" (got "${ids}")`,
      ]);
    },
  );

  it("rejects a malformed DATABASE_URL without printing it", () => {
    expect(problemsOf({ DATABASE_URL: "not a url" })).toEqual([
      "DATABASE_URL must be a postgres:// or postgresql:// URL (got not a URL)",
    ]);
  });

  it("reads the simulated market's settings", () => {
    const env = { MARKET_SOURCE: "simulated", MARKET_SEED: "s1", MARKET_TICKS_PER_SECOND: "10" };
    expect(loadConfig({ ...env, MARKET_BACKFILL_DAYS: "1" }, CWD).market).toEqual({
      source: "simulated",
      seed: "s1",
      ticksPerSecond: 10,
      backfillDays: 1,
      binanceUrl: "wss://stream.binance.com:9443/stream",
    });
  });

  it("selects the Binance feed, in demo or production, and its endpoint override", () => {
    expect(loadConfig({ MARKET_SOURCE: "binance" }, CWD).market.source).toBe("binance");
    const production = {
      QUANTA_MODE: "production",
      DATABASE_URL: "postgres://u@h/db",
      PUBLIC_ORIGIN: "https://quanta.example",
    };
    expect(loadConfig({ ...production, MARKET_SOURCE: "binance" }, CWD).market.source).toBe(
      "binance",
    );
    const env = { MARKET_SOURCE: "binance", MARKET_BINANCE_URL: "ws://127.0.0.1:9000/stream/" };
    expect(loadConfig(env, CWD).market.binanceUrl).toBe("ws://127.0.0.1:9000/stream");
  });

  it("rejects market settings it cannot honour, saying why", () => {
    expect(problemsOf({ MARKET_SOURCE: "nasdaq" })).toEqual([
      'MARKET_SOURCE must be "simulated" or "binance" (got "nasdaq")',
    ]);
    for (const url of [
      "https://stream.binance.com/stream",
      "wss://x.test/stream?streams=a",
      "ws//x",
    ]) {
      expect(problemsOf({ MARKET_BINANCE_URL: url })).toEqual([
        `MARKET_BINANCE_URL must be a ws:// or wss:// URL without a query, like wss://stream.binance.com:9443/stream (got "${url}")`,
      ]);
    }
    expect(problemsOf({ MARKET_TICKS_PER_SECOND: "11", MARKET_BACKFILL_DAYS: "-1" })).toEqual([
      'MARKET_TICKS_PER_SECOND must be an integer from 1 to 10 (got "11")',
      'MARKET_BACKFILL_DAYS must be an integer from 0 to 365 (got "-1")',
    ]);
    const production = {
      QUANTA_MODE: "production",
      DATABASE_URL: "postgres://u@h/db",
      PUBLIC_ORIGIN: "https://quanta.example",
    };
    expect(problemsOf({ ...production, MARKET_SOURCE: "simulated" })).toEqual([
      "MARKET_SOURCE=simulated is demo only; it cannot run with QUANTA_MODE=production",
    ]);
  });
});
