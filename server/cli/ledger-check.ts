// `npm run ledger:check`: verifies every ledger invariant and the hash chain (DESIGN §5) and
// exits 0 when the ledger is sound, 1 with the list of violations, 2 when it could not check.
// Like `npm run admin` it works whether or not the server runs: PostgreSQL is opened directly;
// an embedded database held by a live server is checked through that server's admin socket.
import { userInfo } from "node:os";
import type { LedgerCheckReport } from "../../protocol/ledger";
import { ConfigError, loadConfig, type Config, type Env } from "../config";
import { migrate } from "../db/migrate";
import { openDb } from "../db/open-db";
import { DatabaseInUseError, lockHolder } from "../db/pglite-lock";
import { checkLedger } from "../domain/ledger/check-ledger";
import { isEntryPoint } from "../entry-point";
import { describeLedgerCheck } from "./describe-result";
import { adminSocketPath, sendAdminCommand } from "./admin-socket";
import type { CliIo } from "./admin";

const consoleIo: CliIo = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
};

export async function runLedgerCheckCli(
  env: Env = process.env,
  io: CliIo = consoleIo,
): Promise<number> {
  let report: LedgerCheckReport;
  try {
    report = await check(loadConfig(env), io);
  } catch (err) {
    const known = err instanceof ConfigError;
    io.err(
      known
        ? err.message
        : `Could not check the ledger: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 2;
  }
  const text = describeLedgerCheck(report);
  if (report.ok) io.out(text);
  else io.err(text);
  return report.ok ? 0 : 1;
}

async function check(config: Config, io: CliIo): Promise<LedgerCheckReport> {
  if (config.database.kind === "postgres") return direct(config);
  if ((await lockHolder(config.database.dataDir)) !== null) return viaServer(config, io);
  try {
    return await direct(config);
  } catch (err) {
    // A server started between the check and the open: ask it instead.
    if (!(err instanceof DatabaseInUseError)) throw err;
    return viaServer(config, io);
  }
}

async function direct(config: Config): Promise<LedgerCheckReport> {
  const db = await openDb(config.database);
  try {
    await migrate(db);
    return await checkLedger(db);
  } finally {
    await db.close();
  }
}

async function viaServer(config: Config, io: CliIo): Promise<LedgerCheckReport> {
  const answer = await sendAdminCommand(adminSocketPath(config.dataDir), {
    command: { name: "ledger-check" },
    actor: `cli:${osUserName()}`,
  });
  if (!answer.ok) throw new Error(answer.error);
  if (answer.result.kind !== "ledger-check") throw new Error("the server answered another command");
  io.err("(through the running server)");
  const { ok, transactions, accounts, violations, checkedAt } = answer.result;
  return { ok, transactions, accounts, violations, checkedAt };
}

function osUserName(): string {
  try {
    return (
      userInfo()
        .username.replace(/[^A-Za-z0-9._-]/g, "_")
        .slice(0, 64) || "unknown"
    );
  } catch {
    return "unknown";
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = await runLedgerCheckCli();
