// /spot: trading terms (public), orders (Idempotency-Key), cancel and the user's orders. Rules
// live in domain/spot (README.md there); orders are priced by the feed the app serves from.
import type { FastifyPluginAsync } from "fastify";
import type { SpotOrderRequest } from "../../../protocol/spot";
import { IDEMPOTENCY_HEADERS_SCHEMA } from "../../domain/idempotency/with-idempotency";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../domain/operators/list-page";
import { listSpotOrders, placeSpotOrder } from "../../domain/spot/place-order";
import { cancelSpotOrder } from "../../domain/spot/settle-order";
import { spotConfig } from "../../domain/spot/spot-config";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

const ID = "^[1-9][0-9]{0,17}$";

const orderSchema = {
  // No types here on purpose: a JSON number must not be coerced into a decimal string, and the
  // domain names exactly what is wrong with each field (domain/spot/order-input.ts).
  body: {
    type: "object",
    properties: { symbol: {}, side: {}, type: {}, price: {}, number: {} },
  },
  headers: IDEMPOTENCY_HEADERS_SCHEMA,
} as const;

const listSchema = {
  querystring: {
    type: "object",
    properties: {
      status: { type: "string", enum: ["open", "done"] },
      cursor: { type: "string", pattern: ID },
      limit: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
    },
  },
} as const;

const cancelSchema = {
  params: { type: "object", required: ["id"], properties: { id: { type: "string", pattern: ID } } },
} as const;

export const spotRoutes: FastifyPluginAsync = async (app) => {
  app.get("/config", async () => ok(spotConfig()));

  app.post<{
    Body: Partial<Record<keyof SpotOrderRequest, unknown>>;
    Headers: { "idempotency-key": string };
  }>("/orders", { preHandler: app.requireUser, schema: orderSchema }, async (request) => {
    const userId = signedInUser(request).id;
    const idempotencyKey = request.headers["idempotency-key"];
    const { body } = request;
    return ok(
      await placeSpotOrder(app.db, { userId, body, idempotencyKey, feed: app.market.feed }),
    );
  });

  app.delete<{ Params: { id: string } }>(
    "/orders/:id",
    { preHandler: app.requireUser, schema: cancelSchema },
    async (request) =>
      ok(await cancelSpotOrder(app.db, signedInUser(request).id, request.params.id)),
  );

  app.get<{ Querystring: { status?: "open" | "done"; cursor?: string; limit: number } }>(
    "/orders",
    { preHandler: app.requireUser, schema: listSchema },
    async (request) => {
      const { status, cursor, limit } = request.query;
      const userId = signedInUser(request).id;
      return ok(
        await listSpotOrders(app.db, userId, {
          status: status ?? null,
          cursor: cursor ?? null,
          limit,
        }),
      );
    },
  );
};
