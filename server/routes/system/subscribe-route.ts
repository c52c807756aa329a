// POST /system/subscribe { email } (API.md added paths): public, Idempotency-Key required.
import type { FastifyPluginAsync } from "fastify";
import { LANGS, type Lang } from "../../../protocol/content";
import { subscribe } from "../../domain/content/subscribe";
import { IDEMPOTENCY_HEADERS_SCHEMA } from "../../domain/idempotency/with-idempotency";
import { ok } from "../../plugins/envelope";
import { optionalUser } from "./optional-user";

const subscribeSchema = {
  // The address itself is checked by the domain, so every bad one gets the same message.
  body: {
    type: "object",
    required: ["email"],
    properties: { email: { type: "string" }, lang: { type: "string", enum: [...LANGS] } },
  },
  headers: IDEMPOTENCY_HEADERS_SCHEMA,
} as const;

export const subscribeRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { email: string; lang?: Lang }; Headers: { "idempotency-key": string } }>(
    "/subscribe",
    { preHandler: optionalUser(app), schema: subscribeSchema },
    async (request) => {
      const { email, lang } = request.body;
      const idempotencyKey = request.headers["idempotency-key"];
      const userId = request.user?.id ?? null;
      return ok(await subscribe(app.db, { email, lang: lang ?? null, userId, idempotencyKey }));
    },
  );
};
