// /contract: terms (public), orders (Idempotency-Key), close, targets, cancel and the user's
// orders. Rules live in domain/contract (README.md there); orders are priced by the feed the app
// serves from. Without contract terms (production, CONTRACT_TERMS unset) the config and new
// orders answer NOT_OFFERED, while existing orders can still be closed, cancelled and listed.
import type { FastifyPluginAsync } from "fastify";
import { contractEndpoints } from "../../../protocol/endpoints";
import { cancelContractOrder } from "../../domain/contract/cancel-order";
import { closeContractOrder } from "../../domain/contract/close-order";
import { contractConfig } from "../../domain/contract/contract-config";
import { listContractOrders } from "../../domain/contract/list-orders";
import { placeContractOrder } from "../../domain/contract/place-order";
import { setContractTargets } from "../../domain/contract/set-targets";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

const STATES = { "0": 0, "1": 1, "2": 2 } as const;

export const contractRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, contractEndpoints.config, async () => ok(contractConfig(app.config)));

  defineRoute(app, contractEndpoints.placeOrder, async (request) => {
    const userId = signedInUser(request).id;
    const idempotencyKey = request.headers["idempotency-key"];
    const { body } = request;
    const { feed } = app.market;
    const { contract } = app.config;
    return ok(await placeContractOrder(app.db, { userId, body, idempotencyKey, feed, contract }));
  });

  defineRoute(app, contractEndpoints.closeOrder, async (request) => {
    const userId = signedInUser(request).id;
    const { id } = request.params;
    return ok(await closeContractOrder(app.db, { userId, id, feed: app.market.feed }));
  });

  defineRoute(app, contractEndpoints.setTargets, async (request) => {
    const userId = signedInUser(request).id;
    const { params, body } = request;
    const { feed } = app.market;
    return ok(await setContractTargets(app.db, { userId, id: params.id, body, feed }));
  });

  defineRoute(app, contractEndpoints.cancelOrder, async (request) => {
    const userId = signedInUser(request).id;
    return ok(await cancelContractOrder(app.db, { userId, id: request.params.id }));
  });

  defineRoute(app, contractEndpoints.orders, async (request) => {
    const { state } = request.query;
    const userId = signedInUser(request).id;
    const page = pageOf(request.query);
    return ok(
      await listContractOrders(app.db, userId, {
        state: state === undefined ? null : STATES[state],
        ...page,
      }),
    );
  });
};
