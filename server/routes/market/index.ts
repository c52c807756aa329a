// /market: the public market data (API.md market/*), no token needed. Everything but depth is
// read from the record, so what REST serves is what was stored and hash-chained. GETs carry a
// strong ETag with `no-cache`, like /system.
import type { FastifyPluginAsync } from "fastify";
import { marketEndpoints } from "../../../protocol/endpoints";
import { readKlines, readTickers, readTickRecord, readTicksHead } from "../../market/market-read";
import { publicSymbol, SYMBOLS } from "../../market/symbols";
import { refusal } from "../../domain/errors";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { addStrongEtags } from "../system/etag";
import { parseTime } from "./schemas";

export const marketRoutes: FastifyPluginAsync = async (app) => {
  addStrongEtags(app);
  defineRoute(app, marketEndpoints.symbols, async () => ok(SYMBOLS.map(publicSymbol)));
  // From the running feed's memory (market-read-model.ts); the record only without a feed.
  defineRoute(app, marketEndpoints.tickers, async () =>
    ok(await (app.marketReads ? app.marketReads.tickers() : readTickers(app.db))),
  );
  defineRoute(app, marketEndpoints.klines, async ({ query: q }) => {
    const end = q.end === undefined ? Date.now() : parseTime("end", q.end);
    const kept = await app.marketReads?.klines(q.symbol, q.interval, q.limit, end);
    return ok(kept ?? (await readKlines(app.db, q.symbol, q.interval, q.limit, end)));
  });
  defineRoute(app, marketEndpoints.depth, async ({ query: q }) => {
    const depth = app.market.feed?.depth(q.symbol, q.limit);
    if (!depth) throw refusal("NOT_FOUND", `No order book for ${q.symbol} yet`);
    return ok(depth);
  });
  defineRoute(app, marketEndpoints.ticks, async ({ query: q }) => {
    const { symbol, limit } = q;
    const range = {
      symbol,
      limit,
      ...(q.from !== undefined ? { fromMs: parseTime("from", q.from) } : {}),
      ...(q.to !== undefined ? { toMs: parseTime("to", q.to) } : {}),
    };
    return ok(await readTickRecord(app.db, range));
  });
  defineRoute(app, marketEndpoints.ticksHead, async ({ query }) => {
    const head = await readTicksHead(app.db, query.symbol);
    if (!head) throw refusal("NOT_FOUND", `No ticks recorded for ${query.symbol} yet`);
    return ok(head);
  });
};
