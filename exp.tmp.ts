import { createPgliteDb } from "./server/db/pglite-db";
import { migrate } from "./server/db/migrate";
import { startSimulatedMarket } from "./server/market/start-market";
import { loadConfig } from "./server/config";
import { readCandles } from "./server/db/repositories/candle-repository";
const db = await createPgliteDb();
await migrate(db);
const config = loadConfig({ QUANTA_MODE: "demo", APP_DIST_DIR: "/nonexistent", LOG_LEVEL: "silent" });
const market = await startSimulatedMarket(db, { ...config.market, seed: "x", backfillDays: 3 });
await market.stop();
const to = Math.floor(Date.now()/60000)*60000 - 3600_000;
const med = (t:number[]) => t.sort((a,b)=>a-b)[Math.floor(t.length/2)]!.toFixed(1);
for (const n of [400, 2000]) {
  const r = async (f: () => Promise<unknown>) => { const t: number[] = []; for (let k=0;k<9;k++){ const b=performance.now(); await f(); t.push(performance.now()-b);} return med(t); };
  const agg = await r(() => readCandles(db,"BTC/USDT",60000,to-n*60000,to));
  const plain = await r(() => db.query(`SELECT (extract(epoch FROM open_time)*1000)::int8::text AS t, o::text, h::text, l::text, c::text, v::text FROM candles_1m WHERE symbol=$1 AND open_time >= to_timestamp($2::numeric/1000) AND open_time < to_timestamp($3::numeric/1000) ORDER BY open_time`,["BTC/USDT",to-n*60000,to]));
  const str = await r(() => db.query(`SELECT string_agg((extract(epoch FROM open_time)*1000)::int8 || ',' || o || ',' || h || ',' || l || ',' || c || ',' || v, ';' ORDER BY open_time) AS s FROM candles_1m WHERE symbol=$1 AND open_time >= to_timestamp($2::numeric/1000) AND open_time < to_timestamp($3::numeric/1000)`,["BTC/USDT",to-n*60000,to]));
  const cnt = await r(() => db.query(`SELECT count(*) FROM candles_1m WHERE symbol=$1 AND open_time >= to_timestamp($2::numeric/1000) AND open_time < to_timestamp($3::numeric/1000)`,["BTC/USDT",to-n*60000,to]));
  console.log(n, "agg", agg, "plain", plain, "string_agg", str, "count", cnt);
}
await db.close();
