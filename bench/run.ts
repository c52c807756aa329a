// `npm run bench [-- name...]`: runs the named benchmarks (all by default).
import { benchContract } from "./contract";
import { benchEntry } from "./entry";
import { benchFeed } from "./feed";
import { benchFeedBurst } from "./feed-burst";
import { goalSummary } from "./goals";
import { benchHttp } from "./http";
import { benchLedger } from "./ledger";
import { benchMoney } from "./money";
import { benchOfflineStart } from "./offline-start";
import { benchOptions } from "./options";
import { benchPublicReads } from "./public-reads";
import { benchQuantApi } from "./quant-api";
import { benchQuantBacktest } from "./quant-backtest";
import { benchSpot } from "./spot";

const benches: Record<string, () => Promise<void>> = {
  contract: benchContract,
  entry: benchEntry,
  feed: benchFeed,
  "feed-burst": benchFeedBurst,
  http: benchHttp,
  ledger: benchLedger,
  money: benchMoney,
  "offline-start": benchOfflineStart,
  options: benchOptions,
  "public-reads": benchPublicReads,
  quant: async () => {
    await benchQuantBacktest();
    await benchQuantApi();
  },
  spot: benchSpot,
};
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(", ")}. Known: ${Object.keys(benches).join(", ")}`,
  );
  process.exit(1);
}
// `feed` ends with the burst, so the default run does not repeat it alone.
const defaults = Object.keys(benches).filter((name) => name !== "feed-burst");
for (const name of wanted.length > 0 ? wanted : defaults) await benches[name]?.();

const summary = goalSummary();
if (summary.length > 0) {
  console.log("\nGoals (each a figure against its baseline measured in the same run):");
  for (const line of summary) console.log(`  ${line}`);
}
