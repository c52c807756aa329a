// Per-client request limits for /api. Static files and /health are not limited: a browser loads
// dozens of assets at once, and load balancers poll health.
import rateLimit from "@fastify/rate-limit";
import { API_BASE } from "../../protocol/paths";
import { ApiError } from "./envelope";
import { globalPlugin } from "./global-plugin";

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

export const rateLimitPlugin = globalPlugin<RateLimitOptions>(
  "quanta-rate-limit",
  async (app, { max, timeWindowMs }) => {
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: timeWindowMs,
      allowList: (request) => !isApiPath(request.url),
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, "RATE_LIMITED", `Too many requests; try again in ${context.after}`),
    });
  },
);
