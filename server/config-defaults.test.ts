// loadConfig's answer for an empty environment (the demo defaults) and for one that sets every
// variable, relative paths resolved against cwd and empty variables taken as unset. What it
// refuses: config-validation.test.ts; the settings of the server's parts: config-settings.test.ts.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { CWD } from "./config-test-kit";
import { DEMO_CONTRACT_TERMS } from "./domain/contract/contract-config";
import { DEFAULT_INVITE_RULE } from "./domain/invite/invite-config";

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
});
