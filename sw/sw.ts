// Quanta's service worker: precaches the app shell and every route chunk, serves the shell for
// navigations when offline, and waits for the page's consent before replacing itself.
// It never caches API responses (IndexedDB is the offline store) — see sw/README.md.
import { clientsClaim } from "workbox-core";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

// Importing workbox-precaching adds `__WB_MANIFEST` to ServiceWorkerGlobalScope.
declare let self: ServiceWorkerGlobalScope;

// Server paths a browser may navigate to directly; the SPA shell must not answer for them.
const serverOnlyPaths: RegExp[] = [
  /^\/api(?:[/?]|$)/,
  /^\/ws(?:[/?]|$)/,
  /^\/health(?:[/?]|$)/,
  /^\/rpc(?:[/?]|$)/,
  /^\/uploads(?:[/?]|$)/,
];

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

// registerType "prompt": a new worker waits until the user presses Reload; workbox-window then
// posts this message and reloads the page once the new worker controls it.
self.addEventListener("message", (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
});

// Take over pages opened before the first install so they work offline without a reload.
clientsClaim();
