// POST /api/v1/rpc (demo only): JSON-RPC 2.0 relay to the dev chain (chain/rpc-relay.ts). Answers
// are JSON-RPC, not the API envelope, because the client is a wallet transport; this plugin parses
// its own body and handles its own errors so that even a bad body gets a JSON-RPC error object.
import type { FastifyError, FastifyPluginAsync } from "fastify";
import { relayJsonRpc, RPC_ERRORS, rpcError } from "../../chain/rpc-relay";
import { rpcEndpoints } from "../../../protocol/endpoints";
import { refusal } from "../../domain/errors";
import { errorEnvelope } from "../../plugins/envelope";
import { toClientError } from "../../plugins/errors";
import { defineRoute } from "../define-route";

/** A signed raw transaction is a few hundred bytes; contract deployments fit well within this. */
export const RPC_BODY_LIMIT = 128 * 1024;

export const rpcRoutes: FastifyPluginAsync = async (app) => {
  // Encapsulated: the app's JSON parser stays as it is everywhere else.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: RPC_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    const message =
      error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? `Request body larger than ${RPC_BODY_LIMIT} bytes`
        : status < 500
          ? error.message
          : "Internal error";
    if (status >= 500) app.log.error({ err: error }, "rpc relay failed");
    return reply.code(status).send(rpcError(null, RPC_ERRORS.invalidRequest, message));
  });

  defineRoute(app, rpcEndpoints.rpc, async (request, reply) => {
    if (app.config.mode !== "demo") {
      // Like every demo-only path (API.md): an envelope with DEMO_ONLY, not a JSON-RPC answer.
      const refused = toClientError(
        refusal("DEMO_ONLY", "The dev chain relay exists only in demo"),
      );
      if (refused) return reply.code(refused.statusCode).send(errorEnvelope(refused));
    }
    const chain = app.chain.dev;
    if (chain === undefined) {
      return reply
        .code(503)
        .send(rpcError(null, RPC_ERRORS.internal, "The dev chain is not running yet"));
    }
    // A string: this plugin's own parser above reads the body as text.
    return relayJsonRpc(request.body as string, {
      rpcUrl: chain.rpcUrl,
      refusedSigners: chain.platformAddresses,
    });
  });
};
