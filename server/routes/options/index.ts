// /options: rise/fall products (public), orders (Idempotency-Key) and the user's orders. Rules
// live in domain/options (README.md there); orders are accepted only while the feed is live.
import type { FastifyPluginAsync } from "fastify";
import { optionsEndpoints } from "../../../protocol/endpoints";
import { optionsProducts } from "../../domain/options/options-config";
import { listOptionsOrders, placeOptionsOrder } from "../../domain/options/place-order";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const optionsRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, optionsEndpoints.products, async () => ok(optionsProducts(app.config)));

  defineRoute(app, optionsEndpoints.placeOrder, async (request) => {
    const userId = signedInUser(request).id;
    const idempotencyKey = request.headers["idempotency-key"];
    const { body } = request;
    const { feed } = app.market;
    const { products } = app.config.options;
    return ok(await placeOptionsOrder(app.db, { userId, body, idempotencyKey, feed, products }));
  });

  defineRoute(app, optionsEndpoints.orders, async (request) => {
    const { status } = request.query;
    const userId = signedInUser(request).id;
    return ok(
      await listOptionsOrders(app.db, userId, { status: status ?? null, ...pageOf(request.query) }),
    );
  });
};
