// loadConfig's settings for the server's parts: the operator key, the invitation rule, the
// two-person withdrawal threshold, mail and the market feed, each read and each bad value refused
// saying why. The chain's settings: chain/chain-config.test.ts.
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { CWD, problemsOf } from "./config-test-kit";

describe("loadConfig", () => {
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
