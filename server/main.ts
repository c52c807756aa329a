// The server process: read config, open the database, migrate, build the app, listen, and shut
// down gracefully. Everything else lives in app.ts so tests run the same app without a process.
import { join } from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { startDevChain, type DevChain } from "./chain/dev-chain";
import { adminSocketPath, listenAdminSocket, type AdminSocket } from "./cli/admin-socket";
import { ConfigError, loadConfig, type Config, type Env } from "./config";
import type { Db } from "./db/db";
import { migrate } from "./db/migrate";
import { openDb } from "./db/open-db";
import { claimInstance } from "./db/repositories/instance-repository";
import { seedContent } from "./domain/content/seed-content";
import { startLeadership, type Leadership } from "./domain/leadership/leadership";
import { isEntryPoint } from "./entry-point";
import { startWorkers } from "./workers";

/** In-flight requests get this long after SIGTERM/SIGINT before the process is forced down. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function runServer(env: Env = process.env): Promise<void> {
  const config = readConfigOrExit(env);
  let app: FastifyInstance | undefined;
  let db: Db | undefined;
  let adminSocket: AdminSocket | undefined;
  let chain: Promise<DevChain | undefined> = Promise.resolve(undefined);
  let leadership: Leadership | undefined;
  try {
    db = await openDb(config.database, {
      onIdleError: (err) => app?.log.error({ err }, "idle database connection failed"),
      onListenError: (err, retryInMs) =>
        app?.log.warn({ err }, `database listening connection lost; retrying in ${retryInMs} ms`),
    });
    // Built before migrating only to share its logger; it serves nothing until listen.
    app = await buildApp({ config, db });
    const { applied } = await migrate(db);
    app.log.info(
      applied.length > 0
        ? `applied migrations: ${applied.join(", ")}`
        : "database schema is current",
    );
    const instance = await claimInstance(db, config.mode);
    app.log.info(`database instance ${instance.id} (${instance.mode})`);
    // The repository's content on every start; unchanged rows are not rewritten.
    const seeded = await seedContent(db);
    app.log.info(seeded, "content seeded");
    // Before listening: once /health answers, the CLI can reach the server through it too.
    adminSocket = await openAdminSocket(config, db, app.log);
    await app.listen({ port: config.port, host: config.host });
    const log = app.log;
    const workersApp = app; // a `let` is not narrowed inside the callback
    const workersDb = db;
    // Demo only, after listening: compiling and deploying takes seconds, and a chain that
    // cannot start leaves the rest serving (its routes answer 503).
    chain = startChain(config, log).then((running) => {
      if (running) workersApp.chain.attachDev(running);
      return running;
    });
    // The sealer, prober, market, wallet workers and matcher run in one process per database:
    // this one, once it holds the leadership lock (always, on the embedded database).
    leadership = startLeadership({
      db,
      log,
      lead: () => startWorkers(config, workersDb, workersApp, { chainStarted: chain }),
    });
  } catch (err) {
    const message = `Quanta could not start: ${err instanceof Error ? err.message : String(err)}`;
    if (app) app.log.fatal({ err }, message);
    else console.error(message);
    await leadership?.stop().catch(() => undefined);
    await adminSocket?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    process.exit(1);
  }
  app.log.info(`Quanta (${config.mode}) is running at ${displayUrl(config)}`);
  const running = leadership;
  handleShutdownSignals(app, db, app.log, adminSocket, async () => {
    await running.stop();
    await (await chain)?.stop();
  });
}

/** The demo dev chain (anvil + Test USDT). Never rejects; production runs no chain process. */
async function startChain(config: Config, log: FastifyBaseLogger): Promise<DevChain | undefined> {
  if (config.chain.kind !== "dev") return undefined;
  try {
    const chain = await startDevChain({
      cacheDir: join(config.dataDir, "chain"),
      confirmations: config.chain.confirmations,
    });
    log.info(
      `dev chain running: anvil (pid ${chain.pid}, chain ${chain.chainId}), Test USDT at ${chain.token}, deposit address ${chain.depositAddress}`,
    );
    return chain;
  } catch (err) {
    log.error({ err }, "the dev chain could not start; deposits, faucet and /rpc are unavailable");
    return undefined;
  }
}

/**
 * Only the embedded database needs it: PGlite belongs to this process, so `npm run admin` asks
 * us (DESIGN §4). With PostgreSQL the CLI opens the database itself. Not fatal: without it the
 * server still serves, and the CLI says to stop the server first.
 */
async function openAdminSocket(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): Promise<AdminSocket | undefined> {
  if (config.database.kind !== "pglite") return undefined;
  const path = adminSocketPath(config.dataDir);
  try {
    return await listenAdminSocket({ path, db, log });
  } catch (err) {
    log.warn(
      { err },
      `admin socket unavailable at ${path}; npm run admin needs the server stopped`,
    );
    return undefined;
  }
}

function readConfigOrExit(env: Env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Quanta cannot start.\n${err.message}`);
    process.exit(1);
  }
}

function displayUrl(config: Config): string {
  if (config.publicOrigin) return config.publicOrigin;
  const wildcard = config.host === "0.0.0.0" || config.host === "::";
  const host = wildcard
    ? "localhost"
    : config.host.includes(":")
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${config.port}`;
}

function handleShutdownSignals(
  app: FastifyInstance,
  db: Db,
  log: FastifyBaseLogger,
  adminSocket: AdminSocket | undefined,
  stopWorkers: () => Promise<void>,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests, then stopping`);
    setTimeout(() => {
      log.error(`shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s: forcing exit`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    void (async () => {
      try {
        await adminSocket?.close();
        // close() stops accepting connections and resolves once in-flight requests are done.
        await app.close();
        // The workers (when leading) stop and record what is pending, before the database closes.
        await stopWorkers();
        await db.close();
        log.info("stopped");
        process.exit(0);
      } catch (err) {
        log.error({ err }, "shutdown failed");
        process.exit(1);
      }
    })();
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

if (isEntryPoint(import.meta.url)) await runServer();
