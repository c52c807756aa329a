// What an endpoint is: method, path, the request's parts and the answer, each a TypeBox schema
// (JSON Schema with a TypeScript type). The server registers its routes from these records, the
// app's `call` types its requests from them and /api/docs publishes them; one record per route.
import type { Static, TSchema } from "@sinclair/typebox";
import type { Permission } from "../operators";
import type { API_BASE } from "../paths";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * How the answer travels: `envelope` (API.md's `{ HttpStatusCode, Message, Data }`, Data matching
 * `answer`), `raw` (JSON not enveloped: /health, the JSON-RPC relay), `file` (bytes: uploads,
 * images) or `websocket` (an upgrade; `answer` describes the frames).
 */
export type Wire = "envelope" | "raw" | "file" | "websocket";

/**
 * Who may call: anyone; anyone (remembering a signed-in user); a signed-in wallet user; an
 * operator whose session is `ready` and whose role has the record's `permission`
 * (protocol/operators.ts); an operator in any sign-in stage (the /admin/session endpoints); a
 * wallet user or a ready operator (uploaded images); any session at all (logout).
 */
export type Access =
  | "public"
  | "optional-user"
  | "user"
  | "operator"
  | "operator-session"
  | "user-or-operator"
  | "signed-in";

export interface EndpointSpec {
  method: Method;
  /** Full path as Fastify writes it (`/api/v1/spot/orders/:id`). */
  path: string;
  summary: string;
  access: Access;
  /**
   * For `operator` access: what the operator's role must allow (protocol/operators.ts
   * `permissionOf`: a GET without one needs `read`, any other method `manage`).
   */
  permission?: Permission;
  wire?: Wire;
  params?: TSchema;
  query?: TSchema;
  headers?: TSchema;
  /** The body as the contract describes it (types, docs, the app's calls). */
  body?: TSchema;
  /**
   * The body as the server validates it, when looser than `body` on purpose: money and order
   * fields go through untyped so that a JSON number is never coerced into a decimal string and
   * the domain names what is wrong with each field. `null`: not validated at all.
   */
  bodyAsValidated?: TSchema | null;
  /** Multipart form fields (uploads), for the documentation; the route parses them itself. */
  form?: TSchema;
  answer: TSchema;
}

/** Keeps the literal types of a spec (method, path, schemas) for the server and the app. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

/** The TypeScript type of an optional part: `undefined` when the endpoint has none. */
export type PartOf<E, K extends keyof EndpointSpec> =
  E extends Record<K, infer S extends TSchema> ? Static<S> : undefined;

export type AnswerOf<E extends EndpointSpec> = Static<E["answer"]>;

/** `GET /spot/orders` for `GET /api/v1/spot/orders`: API.md's terms. */
export type RouteKey<E extends EndpointSpec> =
  `${E["method"]} ${E["path"] extends `${typeof API_BASE}${infer Rest}` ? Rest : E["path"]}`;
