// Registers a route from its record in the endpoint contract (protocol/endpoints): the method, the
// path (relative to the plugin's prefix), the request schemas and the access guard all come from
// the record, so the route, the app's `call` and /api/docs cannot disagree. Answers are not given
// a response schema: serialization stays JSON.stringify, byte for byte.
import type { Static, TObject, TProperties, TSchema } from "@sinclair/typebox";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from "fastify";
import type { AnswerOf, EndpointSpec, PartOf } from "../../protocol/endpoints";
import type { Envelope } from "../../protocol/envelope";
import { optionalUser } from "./system/optional-user";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The endpoint record a route was registered from (defineRoute). */
    endpoint?: EndpointSpec;
  }
}

/** The query as the handler sees it: fields with a default are always there (Ajv fills them). */
type QueryOf<E> = E extends { query: TObject<infer P extends TProperties> }
  ? Static<TObject<P>> & {
      [K in keyof P as P[K] extends { default: unknown } ? K : never]-?: Static<P[K]>;
    }
  : undefined;

/** The body as the server validates it (loosely typed where the contract says so). */
type BodyOf<E> = E extends { bodyAsValidated: infer S }
  ? S extends TSchema
    ? Static<S>
    : unknown
  : PartOf<E, "body">;

export interface RouteRequest<E> {
  Params: PartOf<E, "params">;
  Querystring: QueryOf<E>;
  Headers: PartOf<E, "headers">;
  Body: BodyOf<E>;
}

/** What a route adds to its record: limits, rate-limit config, extra schema parts (response). */
export type RouteExtras = Pick<RouteShorthandOptions, "bodyLimit" | "config"> & {
  schema?: Pick<FastifySchema, "response">;
};

/**
 * What a handler resolves to: an enveloped endpoint's envelope must carry the contract's answer
 * (or the reply, sent by the handler itself); other wires are the handler's own business.
 */
export type RouteAnswer<E extends EndpointSpec> = E extends { wire: string }
  ? unknown
  : Envelope<AnswerOf<E>> | FastifyReply;

export function defineRoute<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    request: FastifyRequest<RouteRequest<E>>,
    reply: FastifyReply,
  ) => Promise<RouteAnswer<E>>,
  extras: RouteExtras = {},
): void {
  app.route<RouteRequest<E>>({
    method: endpoint.method,
    url: pathUnder(app, endpoint.path),
    schema: { ...requestSchema(endpoint), ...extras.schema },
    ...guard(app, endpoint),
    ...(extras.bodyLimit === undefined ? {} : { bodyLimit: extras.bodyLimit }),
    // The record travels with the route: the /admin guard reads its access and permission.
    config: { ...extras.config, endpoint },
    handler,
  });
}

/** The request schemas Fastify validates with; parts the endpoint lacks are not validated. */
export function requestSchema(endpoint: EndpointSpec): FastifySchema {
  const body = endpoint.bodyAsValidated === undefined ? endpoint.body : endpoint.bodyAsValidated;
  return {
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(body ? { body } : {}),
  };
}

/**
 * Signed-in users pass requireUser as a preHandler; operator routes (`operator`,
 * `operator-session`) are guarded by their whole context's onRequest hook (routes/admin), which
 * runs before body parsing and reads the record from the route's config.
 */
function guard(
  app: FastifyInstance,
  endpoint: EndpointSpec,
): Pick<RouteShorthandOptions, "preHandler"> {
  if (endpoint.access === "user") return { preHandler: app.requireUser };
  if (endpoint.access === "user-or-operator") return { preHandler: app.requireUserOrOperator };
  if (endpoint.access === "signed-in") return { preHandler: app.requireSignedIn };
  if (endpoint.access === "optional-user") return { preHandler: optionalUser(app) };
  return {};
}

/** The endpoint's path relative to the plugin's prefix (`/api/v1/spot/orders` under `/api/v1/spot`). */
export function pathUnder(app: FastifyInstance, path: string): string {
  if (!path.startsWith(app.prefix)) {
    throw new Error(`${path} cannot be registered under the prefix ${app.prefix}`);
  }
  // The prefix itself is its "/" (Fastify then answers it with and without a trailing slash).
  return path.slice(app.prefix.length) || "/";
}

/** `{ cursor, limit }` of a list query for the domain: an absent cursor is the first page. */
export function pageOf(query: { cursor?: string; limit: number }): {
  cursor: string | null;
  limit: number;
} {
  return { cursor: query.cursor ?? null, limit: query.limit };
}
