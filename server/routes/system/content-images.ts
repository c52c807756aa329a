// GET /content/<file>: article covers from server/content/images (not under /api, so the app's
// <img> and the service worker's CacheFirst route fetch them like any image). A missing file is
// a 404 here, never the app shell: an <img> must not receive HTML.
import { existsSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import { CONTENT_IMAGES_DIR, IMAGE_FILE } from "../../domain/content/content-images";
import { ApiError } from "../../plugins/envelope";

export const COVER_CACHE_CONTROL = "public, max-age=86400";
// An SVG opened on its own is a document of this origin; it may run nothing and load nothing.
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const contentImageRoutes: FastifyPluginAsync<{ dir?: string }> = async (app, options) => {
  const root = options.dir ?? CONTENT_IMAGES_DIR;
  app.setNotFoundHandler((request) => {
    const path = (request.url.split("?")[0] ?? "/").slice(0, 200);
    throw new ApiError(404, "NOT_FOUND", `No such image: ${path}`);
  });
  if (!existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    // The app's static plugin owns reply.sendFile.
    decorateReply: false,
    index: false,
    redirect: false,
    dotfiles: "deny",
    cacheControl: false,
    allowedPath: (pathName) => IMAGE_FILE.test(pathName.slice(1)),
    setHeaders: (reply) => {
      reply
        .header("cache-control", COVER_CACHE_CONTROL)
        .header("content-security-policy", IMAGE_CSP);
    },
  });
};
