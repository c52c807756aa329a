// What the server process runs, in start order (services.ts stops them in reverse): the database,
// the app on it (schema, instance claim, content), the admin socket, the demo mail sink, the demo
// chain, the workers, and last the HTTP listener, so that on shutdown the listener stops first
// and in-flight requests finish while the workers and the database still run. The workers then record what is pending
// before the database closes.
import { join } from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { startDevChain, type DevChain } from "./chain/dev-chain";
import { adminSocketPath, listenAdminSocket, type AdminSocket } from "./cli/admin-socket";
import type { Config } from "./config";
import type { Db } from "./db/db";
import { migrate } from "./db/migrate";
import { openDb } from "./db/open-db";
import { claimInstance } from "./db/repositories/instance-repository";
import { sealOperatorSecrets } from "./domain/auth/operator-secrets";
import { seedContent } from "./domain/content/seed-content";
import { startLeadership, type Leadership } from "./domain/leadership/leadership";
import { startDemoSink, type DemoSink } from "./mail/demo-sink";
import { smtpTransport } from "./mail/mail-transport";
import type { Service } from "./services";
import { startWorkers } from "./workers";

export interface ServerServices {
  services: Service[];
  /** The app's logger once it is built; undefined while the database opens. */
  log(): FastifyBaseLogger | undefined;
}

export function serverServices(config: Config): ServerServices {
  const app = appService(config);
  const database = databaseService(config, app.log);
  const chain = chainService(config, app);
  return {
    services: [
      database,
      app.service(database),
      adminSocketService(config, database, app),
      demoMailSinkService(config, database, app),
      chain,
      workersService(config, database, app, chain),
      httpService(config, app),
    ],
    log: app.log,
  };
}

/** Throws when read before its service started: a wrong order in the list, caught by any start. */
function startedValue<T>(name: string, value: T | undefined): T {
  if (value === undefined) throw new Error(`${name} is not started`);
  return value;
}

interface DatabaseService extends Service {
  db(): Db;
}

function databaseService(
  config: Config,
  log: () => FastifyBaseLogger | undefined,
): DatabaseService {
  let db: Db | undefined;
  return {
    name: "database",
    start: async () => {
      db = await openDb(config.database, {
        onIdleError: (err) => log()?.error({ err }, "idle database connection failed"),
        onListenError: (err, retryInMs) =>
          log()?.warn({ err }, `database listening connection lost; retrying in ${retryInMs} ms`),
      });
    },
    stop: async () => db?.close(),
    db: () => startedValue("database", db),
  };
}

interface AppService {
  service(database: DatabaseService): Service;
  app(): FastifyInstance;
  /** Closes the app once, whoever asks first (the HTTP service, or the app's own stop). */
  close(): Promise<void>;
  log(): FastifyBaseLogger | undefined;
}

function appService(config: Config): AppService {
  let app: FastifyInstance | undefined;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= app?.close() ?? Promise.resolve());
  return {
    service: (database) => ({
      name: "app",
      start: async () => {
        const db = database.db();
        // Built before migrating only to share its logger; it serves nothing until listening.
        app = await buildApp({ config, db });
        const { applied } = await migrate(db);
        app.log.info(
          applied.length > 0
            ? `applied migrations: ${applied.join(", ")}`
            : "database schema is current",
        );
        // Refuses to start with operators but no key, or with a key that does not open their secrets.
        const sealed = await sealOperatorSecrets(db, app.totpSecrets);
        if (sealed > 0) app.log.info(`sealed ${sealed} operator TOTP secrets stored in clear`);
        const instance = await claimInstance(db, config.mode);
        app.log.info(`database instance ${instance.id} (${instance.mode})`);
        // The repository's content on every start; unchanged rows are not rewritten.
        const seeded = await seedContent(db);
        app.log.info(seeded, "content seeded");
      },
      // Already closed by the HTTP service on a shutdown; closes an app that never listened.
      stop: close,
    }),
    app: () => startedValue("app", app),
    close,
    log: () => app?.log,
  };
}

/**
 * Only the embedded database needs it: PGlite belongs to this process, so `npm run admin` asks
 * us (DESIGN §4). With PostgreSQL the CLI opens the database itself. Not fatal: without it the
 * server still serves, and the CLI says to stop the server first. Open before listening: once
 * /health answers, the CLI can reach the server through it too.
 */
function adminSocketService(config: Config, database: DatabaseService, app: AppService): Service {
  let socket: AdminSocket | undefined;
  return {
    name: "admin socket",
    start: async () => {
      if (config.database.kind !== "pglite") return;
      const log = app.app().log;
      const path = adminSocketPath(config.dataDir);
      try {
        socket = await listenAdminSocket({ path, db: database.db(), log });
      } catch (err) {
        log.warn(
          { err },
          `admin socket unavailable at ${path}; npm run admin needs the server stopped`,
        );
      }
    },
    stop: async () => socket?.close(),
  };
}

/**
 * Demo without SMTP_URL: the in-process SMTP sink (server/mail/demo-sink.ts), attached as this
 * app's mail transport; operators read what it received at GET /admin/mailbox. Not fatal: without
 * it mail waits in the queue.
 */
function demoMailSinkService(config: Config, database: DatabaseService, app: AppService): Service {
  let sink: DemoSink | undefined;
  return {
    name: "demo mail sink",
    start: async () => {
      if (config.mail.kind !== "demo-sink") return;
      const running = app.app();
      try {
        sink = await startDemoSink(database.db());
        running.mail.attach(smtpTransport(sink.url));
        running.log.info(`demo mail sink listening at ${sink.url}`);
      } catch (err) {
        running.log.warn({ err }, "demo mail sink did not start; mail waits in the queue");
      }
    },
    stop: async () => {
      app.app().mail.detach();
      await sink?.close();
    },
  };
}

interface ChainService extends Service {
  /** Resolves once the demo chain runs (undefined when it did not start, or in production). */
  started(): Promise<DevChain | undefined>;
}

/**
 * The demo dev chain (anvil + Test USDT), attached to the app once running. Its start is not
 * awaited: compiling and deploying takes seconds, and a chain that cannot start leaves the rest
 * serving (its routes answer 503). Production runs no chain process.
 */
function chainService(config: Config, app: AppService): ChainService {
  let chain: Promise<DevChain | undefined> = Promise.resolve(undefined);
  return {
    name: "dev chain",
    start: async () => {
      const running = app.app();
      chain = startChain(config, running.log).then((started) => {
        if (started) running.chain.attachDev(started);
        return started;
      });
    },
    stop: async () => (await chain)?.stop(),
    started: () => chain,
  };
}

/** Never rejects: a chain that cannot start is logged and left out. */
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
 * The sealer, prober, market, wallet workers and matcher run in one process per database: this
 * one, once it holds the leadership lock (always, on the embedded database).
 */
function workersService(
  config: Config,
  database: DatabaseService,
  app: AppService,
  chain: ChainService,
): Service {
  let leadership: Leadership | undefined;
  return {
    name: "workers",
    start: async () => {
      const db = database.db();
      const running = app.app();
      leadership = startLeadership({
        db,
        log: running.log,
        lead: () => startWorkers(config, db, running, { chainStarted: chain.started() }),
      });
    },
    stop: async () => leadership?.stop(),
  };
}

/** Listening; stopping closes the app: no new requests, in-flight ones finish (plugins/graceful-close). */
function httpService(config: Config, app: AppService): Service {
  return {
    name: "http",
    start: async () => {
      await app.app().listen({ port: config.port, host: config.host });
    },
    stop: () => app.close(),
  };
}
