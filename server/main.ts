// The server process: read config, start the services (server-services.ts) in order, and on
// SIGTERM/SIGINT stop them in reverse. Everything else lives in app.ts so tests run the same app
// without a process.
import type { FastifyBaseLogger } from "fastify";
import { ConfigError, loadConfig, type Config, type Env } from "./config";
import { isEntryPoint } from "./entry-point";
import { serverServices } from "./server-services";
import { ServiceStartError, startServices, type RunningServices } from "./services";

/** In-flight requests get this long after SIGTERM/SIGINT before the process is forced down. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function runServer(env: Env = process.env): Promise<void> {
  const config = readConfigOrExit(env);
  const { services, log } = serverServices(config);
  // Stop failures before the app's logger exists go to stderr.
  const logOrConsole = () =>
    log() ?? { error: (_: unknown, message: string) => console.error(message) };
  let running: RunningServices;
  try {
    running = await startServices(services, logOrConsole);
  } catch (err) {
    const cause = err instanceof ServiceStartError ? err.cause : err;
    const message = `Quanta could not start: ${cause instanceof Error ? cause.message : String(cause)}`;
    const logger = log();
    if (logger) logger.fatal({ err: cause }, message);
    else console.error(message);
    process.exit(1);
  }
  const logger = log();
  if (!logger) throw new Error("the app's logger is missing after start");
  logger.info(`Quanta (${config.mode}) is running at ${displayUrl(config)}`);
  handleShutdownSignals(running, logger);
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

function handleShutdownSignals(running: RunningServices, log: FastifyBaseLogger): void {
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
        await running.stop();
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
