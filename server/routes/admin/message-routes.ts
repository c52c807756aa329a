// POST /admin/messages: an operator writes to one user (audited; the user's apps get a poke).
import type { FastifyPluginAsync } from "fastify";
import { MESSAGE_LIMITS } from "../../../protocol/messages";
import {
  sendOperatorMessage,
  type OperatorMessageInput,
} from "../../domain/messages/operator-message";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

const bodySchema = {
  type: "object",
  required: ["address", "title", "body"],
  additionalProperties: false,
  properties: {
    address: { type: "string", pattern: "^0x[0-9a-fA-F]{40}$" },
    title: { type: "string", minLength: 1, maxLength: MESSAGE_LIMITS.titleMaxLength },
    // The domain trims and checks the exact limits; this only keeps absurd bodies out.
    body: { type: "string", minLength: 1, maxLength: MESSAGE_LIMITS.bodyMaxLength * 2 },
  },
} as const;

export const messageRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: OperatorMessageInput }>(
    "/messages",
    { schema: { body: bodySchema } },
    async (request) =>
      ok(await sendOperatorMessage(app.db, operatorActor(signedInUser(request)), request.body)),
  );
};
