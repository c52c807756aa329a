// Per-client request limits for /api. Static files and /health are not limited: a browser loads
// dozens of assets at once, and load balancers poll health. Whether a request is /api is decided
// on the route the router matched and on the normalised path, never on the raw URL: `/%61pi/v1/..`
// reaches the same handlers as `/api/v1/..` and must spend the same budget.
import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import { API_BASE } from "../../protocol/paths";
import { ApiError } from "./envelope";
import { globalPlugin } from "./global-plugin";
import { normalisedPath } from "./request-path";

export interface RateLimitOptions {
  /** Requests per window and client address. */
  max: number;
  timeWindowMs: number;
}

/** Generous for one person's app (sync pulls several lists at once), tight for a script. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 600, timeWindowMs: 60_000 };

export function isApiPath(url: string): boolean {
  const apiRoot = API_BASE.split("/")[1] ?? "api";
  return url === `/${apiRoot}` || url.startsWith(`/${apiRoot}/`) || url.startsWith(`/${apiRoot}?`);
}

/** True when the request is under /api however its URL is spelled (limits apply). */
export function isApiRequest(request: FastifyRequest): boolean {
  // The matched route decides most requests; only the others pay for normalising the URL.
  const route = request.routeOptions.url;
  return (route !== undefined && isApiPath(route)) || isApiPath(normalisedPath(request.url));
}

export const rateLimitPlugin = globalPlugin<RateLimitOptions>(
  "quanta-rate-limit",
  async (app, { max, timeWindowMs }) => {
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: timeWindowMs,
      allowList: (request) => !isApiRequest(request),
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, "RATE_LIMITED", `Too many requests; try again in ${context.after}`, {
          params: { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        }),
    });
  },
);
