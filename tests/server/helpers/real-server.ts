// The real server process (`node --import tsx server/main.ts`, exactly what `npm start` runs) for
// tests that must kill it: the child is node itself, never a wrapper, so a SIGKILL lands on the
// process that holds the database. Sign-in goes over HTTP with a real SIWE signature.
import path from "node:path";
import type { PrivateKeyAccount } from "viem/accounts";
import { API_BASE } from "../../../protocol/paths";
import type { ChildRunner, Run } from "./child-process";
import { freePort, waitForOk, within } from "./net";
import { signMessage } from "./siwe";
import { seedMigratedPglite } from "./pglite-dir-template";
import { seedTestUsdt } from "./test-usdt-cache";

export interface RealServer {
  url: string;
  run: Run;
  /** SIGKILL: no shutdown code runs, nothing is flushed. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and a graceful shutdown (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

/**
 * Starts the server on a free port with `env` (DATA_DIR, DATABASE_URL, …) in demo mode and waits
 * for /health. The caller's DATABASE_URL never leaks in (ChildRunner drops it); pass it in `env`.
 */
export async function startRealServer(
  runner: ChildRunner,
  env: Record<string, string>,
): Promise<RealServer> {
  const port = await freePort();
  const fullEnv: Record<string, string> = {
    QUANTA_MODE: "demo",
    PORT: String(port),
    LOG_LEVEL: "warn",
    // No candle history: backfilling 30 days takes PGlite ~8 s per start, and the burst needs none.
    MARKET_BACKFILL_DAYS: "0",
    ...env,
  };
  // The demo's dev chain finds Test USDT already compiled, as after an earlier start on this
  // DATA_DIR (test-usdt-cache.ts): a second of CPU per start saved, nothing the test checks.
  const dataDir = fullEnv["DATA_DIR"];
  if (fullEnv["QUANTA_MODE"] === "demo" && dataDir) {
    await seedTestUsdt(path.join(dataDir, "chain"));
  }
  // And a migrated PGlite (pglite-dir-template.ts) unless the test brings PostgreSQL or a
  // restart finds the database its first start wrote: initdb is seconds of CPU per start.
  if (dataDir && fullEnv["DATABASE_URL"] === undefined) {
    await seedMigratedPglite(path.join(dataDir, "pglite"));
  }
  const run = runner.run("server/main.ts", [], fullEnv);
  const url = `http://127.0.0.1:${port}`;
  const gone = async () => {
    await run.exited;
  };
  const server: RealServer = {
    url,
    run,
    async kill() {
      run.child.kill("SIGKILL");
      await within(gone(), 10_000, "exit after SIGKILL");
    },
    async stop() {
      if (run.child.exitCode !== null || run.child.signalCode !== null) return;
      run.child.kill("SIGTERM");
      try {
        await within(gone(), 15_000, "graceful shutdown");
      } catch {
        await server.kill();
      }
    },
  };
  try {
    await Promise.race([
      waitForOk(`${url}/health`, 40_000),
      run.exited.then((code) => {
        throw new Error(`the server exited (${code}) before /health answered`);
      }),
    ]);
  } catch (err) {
    await server.stop();
    const { stdout, stderr } = run.output();
    throw new Error(`${String(err)}\n--- server output ---\n${stdout}${stderr}`, { cause: err });
  }
  return server;
}

/** Check, sign (a real EIP-4361 message for this origin), sign in over HTTP: the token. */
export async function signInOverHttp(server: RealServer, account: PrivateKeyAccount) {
  const check = await postJson(server, `/auth/check/${account.address}`, undefined);
  const { nonce } = (check as { Data: { nonce: string } }).Data;
  const host = new URL(server.url).host;
  const signed = await signMessage(account, { nonce, domain: host, uri: server.url });
  const answer = await postJson(server, "/auth/signin-wallet", signed);
  return (answer as { Data: string }).Data;
}

async function postJson(server: RealServer, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${server.url}${API_BASE}${path}`, {
    method: "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}
