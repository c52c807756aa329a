// Quanta's service worker: precaches the app shell and every route chunk, serves the shell for
// navigations when offline, caches article cover images at runtime, and waits for the page's
// consent before replacing itself. It never caches API or websocket traffic (IndexedDB is the
// offline store) — see sw/README.md.
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { CONTENT_IMAGE_BASE } from "../protocol/content";

// Importing workbox-precaching adds `__WB_MANIFEST` to ServiceWorkerGlobalScope.
declare let self: ServiceWorkerGlobalScope;

// Server paths a browser may navigate to directly; the SPA shell must not answer for them.
const serverOnlyPaths: RegExp[] = [
  /^\/api(?:[/?]|$)/,
  /^\/ws(?:[/?]|$)/,
  /^\/health(?:[/?]|$)/,
  /^\/rpc(?:[/?]|$)/,
  /^\/uploads(?:[/?]|$)/,
  /^\/content(?:[/?]|$)/,
];

/** The runtime cache of article covers (named in sw/README.md). */
const CONTENT_IMAGE_CACHE = "quanta-content-images";

interface SkipWaitingMessage {
  type: "SKIP_WAITING";
}

function isSkipWaiting(data: unknown): data is SkipWaitingMessage {
  return (
    typeof data === "object" && data !== null && "type" in data && data.type === "SKIP_WAITING"
  );
}

// The build replaces self.__WB_MANIFEST with the hashed file list (shell, route chunks, icons);
// wallet chunks and wasm are left out in vite.config.ts because they are online-only.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: serverOnlyPaths }),
);

// Article covers: same-origin GETs under /content/. An image at a path never changes (a new
// cover gets a new path), so the cache answers first and the network only fills it. Opaque
// (status 0) answers are kept too, for a cover an operator serves from a CDN in no-cors mode;
// at most 60 covers for 30 days, and the cache is the first to go when storage runs short.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    url.origin === self.location.origin &&
    url.pathname.startsWith(CONTENT_IMAGE_BASE),
  new CacheFirst({
    cacheName: CONTENT_IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: 60,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);
// No other runtime route exists: /api/* and /ws/* match nothing here, so the browser fetches
// them directly and this worker never stores an answer (IndexedDB is the offline store).

// registerType "prompt": a new worker waits until the user presses Reload; workbox-window then
// posts this message and reloads the page once the new worker controls it.
self.addEventListener("message", (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
});

// Take over pages opened before the first install so they work offline without a reload.
clientsClaim();
