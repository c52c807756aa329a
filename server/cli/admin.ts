// `npm run admin -- <command>`: operator commands that work whether or not the server runs
// (DESIGN §4). PostgreSQL (DATABASE_URL) is opened directly: it serves many processes. The
// embedded PGlite belongs to one process, so while a live server holds it the command goes
// through that server's admin socket; otherwise the CLI opens the database itself.
import { userInfo } from "node:os";
import { ConfigError, loadConfig, type Config, type Env } from "../config";
import { migrate } from "../db/migrate";
import { openDb } from "../db/open-db";
import { DatabaseInUseError, lockHolder } from "../db/pglite-lock";
import { cliActor, type OperatorActor } from "../domain/operators/operator-actor";
import { DomainError } from "../domain/errors";
import { ApiError } from "../plugins/envelope";
import { describeResult } from "./describe-result";
import {
  ADMIN_USAGE,
  parseAdminArgs,
  runAdminCommand,
  withFilesRead,
  type AdminCommand,
  type AdminResult,
} from "./admin-commands";
import { adminSocketPath, sendAdminCommand } from "./admin-socket";
import { isEntryPoint } from "../entry-point";

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const consoleIo: CliIo = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
};

/** Runs one command; resolves to the process exit code (0 done, 1 failed, 2 bad usage). */
export async function runAdminCli(
  args: readonly string[],
  env: Env = process.env,
  io: CliIo = consoleIo,
): Promise<number> {
  const command = parseAdminArgs(args);
  if (command === "help") {
    io.out(ADMIN_USAGE);
    return 0;
  }
  if ("error" in command) {
    io.err(`${command.error}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  try {
    const config = loadConfig(env);
    const ready = await withFilesRead(command);
    io.out(describeResult(await execute(config, ready, cliActor(osUserName()), io)));
    return 0;
  } catch (err) {
    // Refusals and ConfigError messages are written for people; anything else is a fault.
    const known =
      err instanceof DomainError || err instanceof ApiError || err instanceof ConfigError;
    io.err(known ? err.message : `Failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

async function execute(
  config: Config,
  command: AdminCommand,
  actor: OperatorActor,
  io: CliIo,
): Promise<AdminResult> {
  if (config.database.kind === "postgres") return runDirect(config, command, actor);
  const holder = await lockHolder(config.database.dataDir);
  if (holder !== null) return viaServer(config, command, actor, holder, io);
  try {
    return await runDirect(config, command, actor);
  } catch (err) {
    // A server started between the check and the open: ask it instead.
    if (!(err instanceof DatabaseInUseError)) throw err;
    const pid = (await lockHolder(config.database.dataDir)) ?? 0;
    return viaServer(config, command, actor, pid, io);
  }
}

async function runDirect(
  config: Config,
  command: AdminCommand,
  actor: OperatorActor,
): Promise<AdminResult> {
  const db = await openDb(config.database);
  try {
    // The same migrations the server runs at start, so the CLI also works on a fresh database.
    await migrate(db);
    return await runAdminCommand(db, command, actor);
  } finally {
    await db.close();
  }
}

async function viaServer(
  config: Config,
  command: AdminCommand,
  actor: OperatorActor,
  pid: number,
  io: CliIo,
): Promise<AdminResult> {
  const socketPath = adminSocketPath(config.dataDir);
  let answer;
  try {
    answer = await sendAdminCommand(socketPath, { command, actor: actor.label });
  } catch (err) {
    throw new Error(
      `The embedded database is in use by process ${pid}, and no server answers at ` +
        `${socketPath} (${err instanceof Error ? err.message : String(err)}). ` +
        "Stop that process, or run this as the user that runs the server.",
      { cause: err },
    );
  }
  io.err(`(through the running server, process ${pid})`);
  if (!answer.ok) throw new ApiError(400, "BAD_REQUEST", answer.error);
  return answer.result;
}

function osUserName(): string {
  try {
    return userInfo().username;
  } catch {
    // Containers may run as a uid with no passwd entry.
    return process.env.USER ?? process.env.LOGNAME ?? "unknown";
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = await runAdminCli(process.argv.slice(2));
