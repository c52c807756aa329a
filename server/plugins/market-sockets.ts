// The market websockets (/ws/data, /ws/depth, /ws/kdata): one MarketHub per app
// (market/hub/market-hub.ts) fed by `app.market`'s feed, reachable as `app.marketHub` for the
// routes (routes/market/sockets.ts) and for the benchmark's counters. Closing the app stops it;
// the websocket plugin closes the sockets.
import { MarketHub, type MarketHubOptions } from "../market/hub/market-hub";
import { globalPlugin } from "./global-plugin";

/** Timing and backpressure of the market sockets (tests and benchmarks change them). */
export type MarketSocketOptions = Omit<MarketHubOptions, "db" | "market" | "onError">;

declare module "fastify" {
  interface FastifyInstance {
    marketHub: MarketHub;
  }
}

export const marketSocketsPlugin = globalPlugin<MarketSocketOptions>(
  "quanta-market-sockets",
  async (app, options) => {
    const hub = new MarketHub({
      ...options,
      db: app.db,
      market: app.market,
      onError: (err, what) => app.log.error({ err }, what),
    });
    app.decorate("marketHub", hub);
    app.addHook("onClose", () => hub.close());
  },
);
