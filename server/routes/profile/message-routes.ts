// /profile/message: the signed-in user's messages (API.md seed paths), plus
// POST /profile/message/{id}/read for the app's outbox (a read made offline).
import type { FastifyPluginAsync } from "fastify";
import {
  listUserMessages,
  markMessageAsRead,
  openMessage,
} from "../../domain/messages/read-messages";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../domain/operators/list-page";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

/** bigint ids, kept to 18 digits so no value can overflow the column type. */
const ID = { type: "string", pattern: "^[1-9][0-9]{0,17}$" } as const;
const idParams = { type: "object", required: ["id"], properties: { id: ID } } as const;
const listQuery = {
  type: "object",
  properties: {
    cursor: ID,
    limit: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
} as const;

export const messageRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    "/message",
    { preHandler: app.requireUser, schema: { querystring: listQuery } },
    async (request) => {
      const { cursor, limit } = request.query;
      return ok(
        await listUserMessages(app.db, signedInUser(request).id, { cursor: cursor ?? null, limit }),
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    "/message/:id",
    { preHandler: app.requireUser, schema: { params: idParams } },
    async (request) => ok(await openMessage(app.db, signedInUser(request).id, request.params.id)),
  );

  // Idempotent by nature, so an Idempotency-Key (the outbox sends one) needs no storing.
  app.post<{ Params: { id: string } }>(
    "/message/:id/read",
    { preHandler: app.requireUser, schema: { params: idParams } },
    async (request) =>
      ok(await markMessageAsRead(app.db, signedInUser(request).id, request.params.id)),
  );
};
