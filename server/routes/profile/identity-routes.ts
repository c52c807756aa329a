// /profile/identity: the user's own identity verification (API.md seed paths).
import type { FastifyPluginAsync } from "fastify";
import { IDENTITY_LIMITS, type IdentityInput } from "../../../protocol/identity";
import { currentIdentity } from "../../domain/identity/identity-view";
import { submitIdentity } from "../../domain/identity/submit-identity";
import { ok } from "../../plugins/envelope";
import { signedInUser } from "../signed-in-user";

const createSchema = {
  body: {
    type: "object",
    required: ["name", "idNumber", "idType", "photo"],
    additionalProperties: false,
    properties: {
      name: { type: "string", minLength: 1, maxLength: IDENTITY_LIMITS.nameMaxLength },
      idNumber: {
        type: "string",
        minLength: IDENTITY_LIMITS.idNumberMinLength,
        maxLength: IDENTITY_LIMITS.idNumberMaxLength,
      },
      idType: { type: "integer", minimum: 0, maximum: 3 },
      photo: { type: "string", format: "uuid" },
    },
  },
  headers: {
    type: "object",
    properties: { "idempotency-key": { type: "string", minLength: 1, maxLength: 255 } },
  },
} as const;

export const identityRoutes: FastifyPluginAsync = async (app) => {
  app.get("/identity", { preHandler: app.requireUser }, async (request) =>
    ok(await currentIdentity(app.db, signedInUser(request).id)),
  );

  app.post<{ Body: IdentityInput; Headers: { "idempotency-key"?: string } }>(
    "/identity/create",
    { preHandler: app.requireUser, schema: createSchema },
    async (request) => {
      const key = request.headers["idempotency-key"] ?? null;
      return ok(await submitIdentity(app.db, signedInUser(request).id, request.body, key));
    },
  );
};
