// Starts the real Quanta server (server/main.ts over the built app in dist/) as a child process on
// a free port with a fresh data directory, and stops it cleanly. Never a stand-in: e2e tests must
// exercise what `npm start` runs.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedMigratedPglite } from "../../server/helpers/pglite-dir-template";
import { seedTestUsdt } from "../../server/helpers/test-usdt-cache";
import { ensureArtifactsDir, repoRoot, slug } from "./paths";

export interface StartServerOptions {
  /** Extra or overriding environment for the server (e.g. `{ LOG_LEVEL: "debug" }`). */
  env?: Record<string, string>;
  /** The built app to serve; default `<repo>/dist`. */
  distDir?: string;
  /** Names the log file `tests/e2e/artifacts/server-<name>.log`; default "server". */
  name?: string;
  /** How long to wait for GET /health to answer ok; default 60 s. */
  healthTimeoutMs?: number;
}

export interface StartedServer {
  /** Origin without trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  dataDir: string;
  /** The file holding the server's stdout and stderr. */
  logFile: string;
  /** SIGTERM, wait for exit (SIGKILL after 10 s), remove the data dir. Safe to call twice. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;
const logNamesUsed = new Map<string, number>();
const running = new Set<ChildProcess>();
/** Each started child's exit (or spawn failure). */
const exits = new WeakMap<ChildProcess, Promise<void>>();

// A test run that dies (or a worker that exits) must not leave servers holding ports and PGlite
// locks behind; an exit handler can only do synchronous work, so SIGKILL is all it can do.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export async function startServer(opts: StartServerOptions = {}): Promise<StartedServer> {
  const distDir = path.resolve(opts.distDir ?? path.join(repoRoot, "dist"));
  if (!existsSync(path.join(distDir, "index.html"))) {
    throw new Error(
      `The built app is missing (${path.join(distDir, "index.html")}): run npm run build first.`,
    );
  }
  if (!existsSync(path.join(repoRoot, "server", "main.ts"))) {
    throw new Error(`server/main.ts not found under ${repoRoot}.`);
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-e2e-data-"));
  // Test USDT compiled once per checkout (tests/server/helpers/test-usdt-cache.ts), so the dev
  // chain starts as on a DATA_DIR it ran on before: no solc compile racing the browser for CPU.
  // Nothing here checks the compile; tests/server/chain-dev.test.ts does.
  if ((opts.env?.["QUANTA_MODE"] ?? "demo") === "demo") {
    await seedTestUsdt(path.join(dataDir, "chain"));
  }
  // Likewise the database: a migrated PGlite directory copied in (pglite-dir-template.ts), so
  // the server opens it as on a restart instead of spending seconds on initdb per test file.
  if (opts.env?.["DATABASE_URL"] === undefined) {
    await seedMigratedPglite(path.join(dataDir, "pglite"));
  }
  const logFile = logPath(opts.name ?? "server");
  const removeData = () =>
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  // A port found free can be taken before the server binds it: by anything on the machine, or by
  // the server's own demo mail sink or dev chain, which bind ephemeral ports before it listens (a
  // CI run failed so). Such a start is tried again on another port, over the same data directory.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const child = spawnServer(port, dataDir, distDir, logFile, opts.env);
    const url = `http://127.0.0.1:${port}`;
    let stopped: Promise<void> | undefined;
    const stop = (): Promise<void> => {
      stopped ??= stopChild(child).then(removeData);
      return stopped;
    };
    try {
      await waitForHealth(url, child, logFile, opts.healthTimeoutMs ?? 60_000);
      await waitForDevChain(url, logFile, opts.healthTimeoutMs ?? 60_000);
      return { url, port, dataDir, logFile, stop };
    } catch (error) {
      await stopChild(child);
      if (attempt < 3 && portTaken(logFile, port)) continue;
      removeData();
      throw error;
    }
  }
}

/** Starts server/main.ts on `port`, its output into `logFile` (overwritten). */
function spawnServer(
  port: number,
  dataDir: string,
  distDir: string,
  logFile: string,
  env: Record<string, string> | undefined,
): ChildProcess {
  // The child writes straight into the file, so the log is complete even if this process is busy
  // or dies; the parent's copy of the descriptor is closed once the child has it.
  const logFd = openSync(logFile, "w");
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: repoRoot,
      detached: false,
      env: serverEnv({
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        QUANTA_MODE: "demo",
        APP_DIST_DIR: distDir,
        LOG_LEVEL: "info",
        // 30 days of history (518k candles) take ~8 s on PGlite; one day keeps starts quick.
        MARKET_BACKFILL_DAYS: "1",
        ...env,
      }),
      stdio: ["ignore", logFd, logFd],
    });
  } finally {
    closeSync(logFd);
  }
  running.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    // Without a listener a spawn failure would crash the test worker instead of failing the test;
    // a child that never started will never emit "exit".
    child.once("error", (error) => {
      console.error(`[e2e] server process error: ${error.message}`);
      if (child.pid === undefined) resolve();
    });
  });
  void exited.then(() => running.delete(child));
  exits.set(child, exited);
  return child;
}

/** SIGTERM, wait for the exit (SIGKILL after STOP_GRACE_MS). */
async function stopChild(child: ChildProcess): Promise<void> {
  const exited = exits.get(child) ?? Promise.resolve();
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    const graceful = await Promise.race([
      exited.then(() => true),
      delay(STOP_GRACE_MS).then(() => false),
    ]);
    if (!graceful) {
      child.kill("SIGKILL");
      await exited;
    }
  }
}

/** Whether the server's start failed because its own port was taken. */
function portTaken(logFile: string, port: number): boolean {
  const text = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
  return text.includes("EADDRINUSE") && text.includes(`127.0.0.1:${port}"`);
}

/**
 * The server runs as it would from a shell: the runner's own variables (NODE_ENV=test, VITEST_*)
 * and a DATABASE_URL meant for integration tests would change its mode or share a database
 * between runs, so they are dropped unless the test passes them explicitly.
 */
function serverEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([key]) => key !== "NODE_ENV" && key !== "DATABASE_URL" && !key.startsWith("VITEST"),
  );
  return { ...Object.fromEntries(inherited), ...overrides };
}

/** Listen on port 0, read the port the OS chose, release it for the server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("Could not read the probe port."));
      });
    });
  });
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) {
      const how = child.exitCode ?? child.signalCode ?? "did not start";
      throw new Error(`The server exited (${how}) before /health answered.\n${logTail(logFile)}`);
    }
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      const body: unknown = await response.json().catch(() => undefined);
      if (response.ok && isOkHealth(body)) return;
      lastProblem = `HTTP ${response.status} ${JSON.stringify(body)}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await delay(250);
  }
  throw new Error(
    `The server did not answer ok on ${url}/health within ${timeoutMs} ms (last: ${lastProblem}).\n` +
      logTail(logFile),
  );
}

/**
 * The demo's dev chain starts after the server listens (seconds: compile, deploy). Until then
 * the wallet routes answer 503, which the app takes in its stride but Chromium logs as a console
 * error; tests start once the relay answers, as a user arriving a few seconds later would find.
 */
async function waitForDevChain(url: string, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/v1/rpc`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
        signal: AbortSignal.timeout(2_000),
      });
      // 200: the chain answers; anything but 503 (e.g. not demo): there is no chain to wait for.
      if (response.status !== 503) return;
      lastProblem = "HTTP 503";
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await delay(250);
  }
  throw new Error(
    `The dev chain did not come up on ${url} within ${timeoutMs} ms (last: ${lastProblem}).\n` +
      logTail(logFile),
  );
}

function isOkHealth(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { ok?: unknown }).ok === true;
}

function logTail(logFile: string, lines = 40): string {
  const text = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
  const tail = text.trimEnd().split("\n").slice(-lines).join("\n");
  return `--- last ${lines} lines of ${logFile} ---\n${tail || "(empty)"}`;
}

/** One log per server start; a second server in the same file gets `-2` instead of overwriting. */
function logPath(name: string): string {
  const base = `server-${slug(name)}`;
  const count = (logNamesUsed.get(base) ?? 0) + 1;
  logNamesUsed.set(base, count);
  return path.join(ensureArtifactsDir(), count === 1 ? `${base}.log` : `${base}-${count}.log`);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
