// POST /system/subscribe { email } (API.md added paths): public, Idempotency-Key required.
import type { FastifyPluginAsync } from "fastify";
import { systemEndpoints } from "../../../protocol/endpoints";
import { subscribe } from "../../domain/content/subscribe";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";

export const subscribeRoute: FastifyPluginAsync = async (app) => {
  defineRoute(app, systemEndpoints.subscribe, async (request) => {
    const { email, lang } = request.body;
    const idempotencyKey = request.headers["idempotency-key"];
    const userId = request.user?.id ?? null;
    return ok(await subscribe(app.db, { email, lang: lang ?? null, userId, idempotencyKey }));
  });
};
