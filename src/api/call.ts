// One typed call per endpoint of the contract (protocol/endpoints): the route key names the
// method and the path in API.md's terms ("DELETE /spot/orders/:id"), and the contract types the
// path parameters, query, headers, body and answer, so a wrong path, parameter or body is a
// compile error. Only types come from the contract: at run time the key alone is the route.
import type { ENDPOINT_AREAS } from "../../protocol/endpoints";
import type { AnswerOf, EndpointSpec, PartOf, RouteKey } from "../../protocol/endpoints";
import { conditionalRequest, request, type Conditional, type RequestOptions } from "./client";

type Areas = typeof ENDPOINT_AREAS;
type AnyEndpoint = { [A in keyof Areas]: Areas[A][keyof Areas[A]] }[keyof Areas];
/** Enveloped JSON endpoints under the API base: the ones `request` speaks to. */
type ApiEndpoint = Exclude<Extract<AnyEndpoint, { path: `/api/v1/${string}` }>, { wire: string }>;

/** Every callable endpoint by its key, e.g. "GET /spot/orders". */
export type ApiRoutes = { [E in ApiEndpoint as RouteKey<E>]: E };
export type ApiRoute = keyof ApiRoutes;

/** A request part: required when the contract requires something in it, absent when it has none. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: never }
  : object extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

export type CallInput<E extends EndpointSpec> = Part<"params", PartOf<E, "params">> &
  Part<"query", PartOf<E, "query">> &
  Part<"headers", PartOf<E, "headers">> &
  Part<"body", PartOf<E, "body">> &
  Part<"form", E extends { form: unknown } ? FormData : undefined> &
  Pick<RequestOptions, "quiet" | "signal" | "token">;

/** The input argument, optional when nothing in it is required. */
type InputArgs<E extends EndpointSpec> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export type CallAnswer<K extends ApiRoute> = AnswerOf<ApiRoutes[K]>;

/** Calls an endpoint through `request` (envelope, hooks and error rules); resolves to its Data. */
export function call<K extends ApiRoute>(
  route: K,
  ...[input]: InputArgs<ApiRoutes[K]>
): Promise<CallAnswer<K>> {
  const { method, path, options } = toRequest(route, input ?? {});
  return request<CallAnswer<K>>(method, path, options);
}

/** A conditional GET (If-None-Match): unchanged since `etag`, or the new Data and its ETag. */
export function callConditional<K extends ApiRoute & `GET ${string}`>(
  route: K,
  etag: string | null,
  ...[input]: InputArgs<ApiRoutes[K]>
): Promise<Conditional<CallAnswer<K>>> {
  const { path, options } = toRequest(route, input ?? {});
  return conditionalRequest<CallAnswer<K>>(path, etag, options);
}

interface LooseInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
  form?: FormData;
  quiet?: boolean;
  signal?: AbortSignal;
  token?: string | null;
}

function toRequest(route: string, input: LooseInput) {
  const space = route.indexOf(" ");
  const method = route.slice(0, space);
  const path = route.slice(space + 1).replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const options: RequestOptions = {
    ...(input.body === undefined ? {} : { json: input.body }),
    ...(input.form === undefined ? {} : { body: input.form }),
    ...(input.query ? { searchParams: defined(input.query) } : {}),
    ...(input.headers ? { headers: defined(input.headers) } : {}),
    ...(input.quiet === undefined ? {} : { quiet: input.quiet }),
    ...(input.signal === undefined ? {} : { signal: input.signal }),
    ...(input.token === undefined ? {} : { token: input.token }),
  };
  return { method, path, options };
}

/** Absent and null query values are left out of the URL, as if never given. */
function defined<V>(values: Record<string, V | null | undefined>): Record<string, V> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null),
  ) as Record<string, V>;
}
