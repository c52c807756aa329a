// Makes the database reachable as `app.db` in every route and plugin.
import type { Db } from "../db/db";
import { globalPlugin } from "./global-plugin";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
  }
}

export const dbPlugin = globalPlugin<{ db: Db }>("quanta-db", async (app, { db }) => {
  app.decorate("db", db);
});
