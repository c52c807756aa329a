// /profile/message: the signed-in user's messages (API.md seed paths), plus
// POST /profile/message/{id}/read for the app's outbox (a read made offline).
import type { FastifyPluginAsync } from "fastify";
import { profileEndpoints } from "../../../protocol/endpoints";
import {
  listUserMessages,
  markMessageAsRead,
  openMessage,
} from "../../domain/messages/read-messages";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const messageRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, profileEndpoints.messages, async (request) =>
    ok(await listUserMessages(app.db, signedInUser(request).id, pageOf(request.query))),
  );

  defineRoute(app, profileEndpoints.message, async (request) =>
    ok(await openMessage(app.db, signedInUser(request).id, request.params.id)),
  );

  // Idempotent by nature, so an Idempotency-Key (the outbox sends one) needs no storing.
  defineRoute(app, profileEndpoints.readMessage, async (request) =>
    ok(await markMessageAsRead(app.db, signedInUser(request).id, request.params.id)),
  );
};
