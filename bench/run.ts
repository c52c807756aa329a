// `npm run bench [-- name...]`: runs the named benchmarks (all by default), each in a process of
// its own, and ends with every goal.
//
// A process each, because what one benchmark loads weighs on the next one's figures: the
// backtest's ratio measured 0.53 alone and 0.43 in a process that had also imported the other
// benchmarks (the server, the database drivers, the browser driver) — a bigger heap and other
// code, not a slower backtester. A child runs one part (`--part name`) and sends the goals it
// recorded back over the IPC channel; this process prints the summary.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type GoalFigure, goalSummary, recordedGoals } from "./goals";

/** One benchmark part, loaded only in the child that runs it. */
const parts: Record<string, () => Promise<void>> = {
  contract: async () => (await import("./contract")).benchContract(),
  entry: async () => (await import("./entry")).benchEntry(),
  feed: async () => (await import("./feed")).benchFeed(),
  "feed-burst": async () => (await import("./feed-burst")).benchFeedBurst(),
  http: async () => (await import("./http")).benchHttp(),
  ledger: async () => (await import("./ledger")).benchLedger(),
  money: async () => (await import("./money")).benchMoney(),
  "offline-start": async () => (await import("./offline-start")).benchOfflineStart(),
  options: async () => (await import("./options")).benchOptions(),
  "public-reads": async () => (await import("./public-reads")).benchPublicReads(),
  "quant-backtest": async () => (await import("./quant-backtest")).benchQuantBacktest(),
  "quant-backtest-floor": async () =>
    (await import("./quant-backtest-floor")).benchQuantBacktestFloor(),
  "quant-api": async () => (await import("./quant-api")).benchQuantApi(),
  spot: async () => (await import("./spot")).benchSpot(),
};

/** What each name on the command line runs: itself, or (`quant`) several parts. */
const benches: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.keys(parts).map((name) => [name, [name]])),
  quant: ["quant-backtest", "quant-backtest-floor", "quant-api"],
};

/** Runs one part in a child process; resolves with the goals it recorded, or null if it failed. */
function runPart(part: string): Promise<GoalFigure[] | null> {
  return new Promise((resolve) => {
    let goals: GoalFigure[] = [];
    // The same Node flags as this process (tsx's loader), so the child runs TypeScript too.
    const child = fork(fileURLToPath(import.meta.url), ["--part", part], { stdio: "inherit" });
    child.on("message", (message) => {
      goals = message as GoalFigure[];
    });
    child.on("exit", (code, signal) => {
      if (code === 0) resolve(goals);
      else {
        console.error(`bench ${part} failed (${signal ?? `exit code ${code}`})`);
        resolve(null);
      }
    });
  });
}

async function runChild(part: string): Promise<void> {
  const run = parts[part];
  if (run === undefined) throw new Error(`unknown benchmark part ${part}`);
  await run();
  // Started by hand (no parent to tell), the figures were printed and that is all.
  const send = process.send?.bind(process);
  if (send === undefined) return;
  await new Promise<void>((resolve) => send(recordedGoals(), () => resolve()));
  // Then the process ends as it did when benchmarks shared one: when nothing is left to run.
  process.disconnect?.();
}

async function main(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !(name in benches));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark(s): ${unknown.join(", ")}. Known: ${Object.keys(benches).join(", ")}`,
    );
    process.exit(1);
  }
  // `feed` ends with the burst, and `quant` is its two parts: the default run repeats neither.
  const defaults = Object.keys(parts).filter((name) => name !== "feed-burst");
  const wanted = names.length > 0 ? names.flatMap((name) => benches[name] ?? []) : defaults;
  const goals: GoalFigure[] = [];
  const failed: string[] = [];
  for (const part of wanted) {
    const recorded = await runPart(part);
    if (recorded === null) failed.push(part);
    else goals.push(...recorded);
  }
  const summary = goalSummary(goals);
  if (summary.length > 0) {
    console.log("\nGoals (each a figure against its baseline measured in the same run):");
    for (const line of summary) console.log(`  ${line}`);
  }
  if (failed.length > 0) {
    console.error(`\nFailed: ${failed.join(", ")}`);
    process.exit(1);
  }
}

const [flag, part] = process.argv.slice(2);
if (flag === "--part" && part !== undefined) await runChild(part);
else await main(process.argv.slice(2));
