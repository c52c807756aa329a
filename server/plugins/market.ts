// `app.market`: the market feed this app serves from, attached by main.ts once the market runs
// (market/attached-feed.ts). Before that, depth answers 404 and the sockets serve the record.
import { AttachedFeed } from "../market/attached-feed";
import { globalPlugin } from "./global-plugin";

declare module "fastify" {
  interface FastifyInstance {
    market: AttachedFeed;
  }
}

export const marketPlugin = globalPlugin("quanta-market", async (app) => {
  app.decorate("market", new AttachedFeed());
});
