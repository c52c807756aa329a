// `npm run verify -- options --base <url> --token <token>`: an independent check anyone can run
// against any Quanta server. It talks HTTP only (no database, no server code): it lists the
// user's settled options, fetches the recorded ticks around each window and the chain head,
// recomputes every hash and the settlement rule (protocol/options-verify.ts), prints one line per
// order and a summary, and exits 0 when all verify, 1 when any does not, 2 on a usage error.
import { parseArgs } from "node:util";
import { verifyOptionsOrders } from "./verify/options";

const USAGE = "usage: npm run verify -- options --base <url> --token <token>";

async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { base: { type: "string" }, token: { type: "string" } },
    });
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals[0] !== "options" || positionals.length !== 1) {
    console.error(`verify: what to verify? Only "options" is known.\n${USAGE}`);
    return 2;
  }
  if (values.base === undefined || values.token === undefined) {
    console.error(`verify: --base and --token are required.\n${USAGE}`);
    return 2;
  }
  try {
    new URL(values.base);
  } catch {
    console.error(`verify: --base is not a URL: ${values.base}\n${USAGE}`);
    return 2;
  }
  try {
    const allVerified = await verifyOptionsOrders(
      { base: values.base, token: values.token },
      { line: (text) => console.log(text) },
    );
    return allVerified ? 0 : 1;
  } catch (err) {
    console.error(`verify: ${reason(err)}`);
    return 1;
  }
}

/** fetch's "fetch failed" says little; its cause names the socket error (ECONNREFUSED, …). */
function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause: unknown = err.cause;
  const detail =
    cause instanceof Error ? ` (${(cause as { code?: string }).code ?? cause.message})` : "";
  return `${err.message}${detail}`;
}

process.exitCode = await main(process.argv.slice(2));
