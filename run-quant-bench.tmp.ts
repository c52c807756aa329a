import { benchQuantApi } from "/work/wt/lab/bench/quant-api.ts";
import { goalSummary } from "/work/wt/lab/bench/goals.ts";
await benchQuantApi();
console.log(goalSummary().join("\n"));
