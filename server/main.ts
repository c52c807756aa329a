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
import {
  createWalletWorkers,
  startWalletWorkers,
  type RunningWalletWorkers,
} from "./domain/wallet/wallet-workers";
import { startLedgerSealer, type RunningSealer } from "./domain/ledger/seal-ledger";
import { startSpotMatcher, type SpotMatcher } from "./domain/spot/spot-matcher";
import { startStatusProber, type StatusProber } from "./domain/status/status-prober";
import { isEntryPoint } from "./entry-point";
import { liveProbe } from "./market/live-probe";
import type { MarketSource } from "./market/sources/market-source";
import {
  startBinanceMarket,
  startSimulatedMarket,
  type RunningMarket,
} from "./market/start-market";

/** In-flight requests get this long after SIGTERM/SIGINT before the process is forced down. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function runServer(env: Env = process.env): Promise<void> {
  const config = readConfigOrExit(env);
  let app: FastifyInstance | undefined;
  let db: Db | undefined;
  let adminSocket: AdminSocket | undefined;
  let prober: StatusProber | undefined;
  let market: Promise<RunningMarket<MarketSource> | undefined> = Promise.resolve(undefined);
  const stopMarketStart = new AbortController();
  let chain: Promise<DevChain | undefined> = Promise.resolve(undefined);
  let walletWorkers: RunningWalletWorkers | undefined;
  let sealer: RunningSealer | undefined;
  let spotMatcher: SpotMatcher | undefined;
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
    // Chains what was committed but not sealed when the last process stopped, and all that
    // follows (domain/ledger/README.md "Sealing").
    sealer = startLedgerSealer(db, app.log);
    const instance = await claimInstance(db, config.mode);
    app.log.info(`database instance ${instance.id} (${instance.mode})`);
    // The repository's content on every start; unchanged rows are not rewritten.
    const seeded = await seedContent(db);
    app.log.info(seeded, "content seeded");
    // Before listening: once /health answers, the CLI can reach the server through it too.
    adminSocket = await openAdminSocket(config, db, app.log);
    await app.listen({ port: config.port, host: config.host });
    const log = app.log;
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    prober = startStatusProber(db, config, {
      onError: (err) => log.error({ err }, "status probe round failed"),
      // The first round after the market and the chain started (below): probes taken while
      // backfilling or compiling would count a slow start as an outage.
      ready,
    });
    // After listening: a first start backfills history for a few seconds; `live` stays down
    // until the feed runs.
    const { registry } = prober;
    const marketDb = db;
    const marketApp = app; // a `let` is not narrowed inside the callback
    market = startMarket(config, marketDb, log, stopMarketStart.signal).then((running) => {
      if (running) {
        registry.registerProbe("live", liveProbe(marketDb, running.feed));
        // GET /market/depth and the market sockets serve from the attached feed.
        marketApp.market.attach(running.feed);
      } else {
        // The market is built but did not start: that is an outage, and shown as one.
        registry.registerProbe("live", async () => ({
          state: "down",
          detail: "the market feed did not start",
        }));
      }
      return running;
    });
    // Demo only, after listening like the market: compiling and deploying takes seconds, and a
    // chain that cannot start leaves the rest serving (its routes answer 503).
    chain = startChain(config, log).then((running) => {
      if (running) marketApp.chain.attachDev(running);
      return running;
    });
    // ...and one tick interval more, so the feed has ticked once before `live` is first probed.
    void Promise.allSettled([market, chain]).then(() => setTimeout(markReady, 2_000).unref());
    // Recharge confirmations and withdrawal sends: from now on in production (the chain is
    // attached when the app is built); in demo the workers find the dev chain once attached.
    walletWorkers = startWalletWorkers(createWalletWorkers(db, app.chain), log);
    // Resting limit orders, loaded from the database now and filled as the attached feed's books
    // cross them (domain/spot/README.md).
    spotMatcher = await startSpotMatcher({ db, market: app.market, log });
  } catch (err) {
    const message = `Quanta could not start: ${err instanceof Error ? err.message : String(err)}`;
    if (app) app.log.fatal({ err }, message);
    else console.error(message);
    await sealer?.stop();
    await adminSocket?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    process.exit(1);
  }
  app.log.info(`Quanta (${config.mode}) is running at ${displayUrl(config)}`);
  handleShutdownSignals(app, db, app.log, adminSocket, prober, async () => {
    stopMarketStart.abort();
    await spotMatcher?.stop();
    await walletWorkers?.stop();
    await sealer?.stop();
    await (await market)?.stop();
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
 * The feed MARKET_SOURCE names: the simulated market (demo) or Binance's public streams. Never
 * rejects: a market that cannot start leaves the rest of the server serving (`live` down).
 */
async function startMarket(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<RunningMarket<MarketSource> | undefined> {
  if (config.market.source === "binance") {
    try {
      const running = await startBinanceMarket(db, config.market, {
        onError: (err) => log.error({ err }, "market feed flush or prune failed"),
        log: { info: (msg) => log.info(msg), warn: (msg) => log.warn(msg) },
      });
      log.info(`market feed running: Binance streams from ${config.market.binanceUrl}`);
      return running;
    } catch (err) {
      log.error({ err }, "the market feed could not start");
      return undefined;
    }
  }
  try {
    const running = await startSimulatedMarket(db, config.market, {
      signal,
      onError: (err) => log.error({ err }, "market feed flush or prune failed"),
      onBackfill: ({ candles, ms }) =>
        log.info(`market history backfilled: ${candles} one-minute candles in ${ms} ms`),
    });
    log.info(`market feed running (${config.market.ticksPerSecond} ticks/s per symbol)`);
    return running;
  } catch (err) {
    if (!signal.aborted) log.error({ err }, "the market feed could not start");
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
  prober: StatusProber | undefined,
  stopMarket: () => Promise<void>,
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
        await prober?.stop();
        // Stops ticking and records what is pending, before the database closes.
        await stopMarket();
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
