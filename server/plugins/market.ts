// `app.market`: the market feed this app serves from, attached by workers.ts once the market runs
// (market/attached-feed.ts). Before that, depth answers 404 and the sockets serve the record.
// `app.marketReads`: the in-memory tickers and klines of the attached feed (market-read-model.ts),
// null while no feed is attached (the routes then read the record).
import { AttachedFeed } from "../market/attached-feed";
import { MarketReadModel } from "../market/market-read-model";
import { globalPlugin } from "./global-plugin";

declare module "fastify" {
  interface FastifyInstance {
    market: AttachedFeed;
    marketReads: MarketReadModel | null;
  }
}

export const marketPlugin = globalPlugin("quanta-market", async (app) => {
  app.decorate("market", new AttachedFeed());
  app.decorate("marketReads", null);
  app.market.onChange((feed) => {
    app.marketReads?.close();
    app.marketReads = feed ? new MarketReadModel(app.db, feed) : null;
  });
  app.addHook("onClose", async () => app.marketReads?.close());
});
