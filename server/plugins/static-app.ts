// Serves the built app (APP_DIST_DIR). Caching follows how a PWA updates: Vite's hashed files in
// /assets/ never change, so browsers keep them a year; everything else (index.html, sw.js,
// registerSW.js, the manifest, icons) must be revalidated, or users would be stuck on an old
// service worker. Client-side routes (/home, /spot/BTC...) get index.html.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { WS_BASE } from "../../protocol/paths";
import { globalPlugin } from "./global-plugin";
import { isApiPath } from "./rate-limit";
import { normalisedPath } from "./request-path";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

/** The SPA fallback, consulted by the not-found handler. */
export interface AppShell {
  /** True for a page navigation to a client-side route. */
  wants(request: FastifyRequest): boolean;
  send(reply: FastifyReply): FastifyReply;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Null when there is no built app to serve. */
    appShell: AppShell | null;
  }
}

export function cacheControlFor(distDir: string, filePath: string): string {
  const relative = path.relative(distDir, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === "assets" ? IMMUTABLE : REVALIDATE;
}

export function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  // As the router reads it: `/%61pi/v1/nope` is an API 404, not a page.
  const pathname = normalisedPath(request.url);
  if (isApiPath(pathname) || pathname === WS_BASE || pathname.startsWith(`${WS_BASE}/`)) {
    return false;
  }
  // A missing file (/assets/old-abc.js, /logo.png) must stay a 404: answering index.html would
  // let the service worker cache HTML as a script.
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  if (last.includes(".")) return false;
  return (request.headers.accept ?? "").includes("text/html");
}

export const staticAppPlugin = globalPlugin<{ distDir: string }>(
  "quanta-static-app",
  async (app, { distDir }) => {
    if (!existsSync(path.join(distDir, "index.html"))) {
      app.log.warn(
        `No built app at ${distDir} (index.html missing): serving the API only. ` +
          "Run `npm run build` or set APP_DIST_DIR.",
      );
      app.decorate("appShell", null);
      return;
    }

    await app.register(fastifyStatic, {
      root: distDir,
      prefix: "/",
      wildcard: true,
      index: ["index.html"],
      redirect: false,
      // Set per file below; send's own `max-age=0` would otherwise be added.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header("cache-control", cacheControlFor(distDir, filePath));
      },
    });

    app.decorate("appShell", {
      wants: wantsAppShell,
      send: (reply) => {
        // The not-found path arrives with 404 set; the shell itself is a normal page.
        reply.code(200);
        return reply.sendFile("index.html");
      },
    });
  },
);
