// /spot: trading terms (public), orders (Idempotency-Key), cancel and the user's orders. Rules
// live in domain/spot (README.md there); orders are priced by the feed the app serves from.
import type { FastifyPluginAsync } from "fastify";
import { spotEndpoints } from "../../../protocol/endpoints";
import { listSpotOrders, placeSpotOrder } from "../../domain/spot/place-order";
import { cancelSpotOrder } from "../../domain/spot/settle-order";
import { spotConfig } from "../../domain/spot/spot-config";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const spotRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, spotEndpoints.config, async () => ok(spotConfig()));

  defineRoute(app, spotEndpoints.placeOrder, async (request) => {
    const userId = signedInUser(request).id;
    const idempotencyKey = request.headers["idempotency-key"];
    const { body } = request;
    return ok(
      await placeSpotOrder(app.db, { userId, body, idempotencyKey, feed: app.market.feed }),
    );
  });

  defineRoute(app, spotEndpoints.cancelOrder, async (request) =>
    ok(await cancelSpotOrder(app.db, signedInUser(request).id, request.params.id)),
  );

  defineRoute(app, spotEndpoints.orders, async (request) => {
    const { status } = request.query;
    const userId = signedInUser(request).id;
    return ok(
      await listSpotOrders(app.db, userId, { status: status ?? null, ...pageOf(request.query) }),
    );
  });
};
