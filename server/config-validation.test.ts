// What loadConfig refuses and how it says so: ports, public origins, wallet chain ids and
// database URLs, every problem listed at once (no password echoed), and what production demands:
// DATABASE_URL, an https PUBLIC_ORIGIN, mainnet-only wallet sign-in unless told otherwise.
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { CWD, problemsOf } from "./config-test-kit";

describe("loadConfig", () => {
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
});
