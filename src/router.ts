import { createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import { stringifyPlainSearch } from "./routes/-search";

export function createAppRouter() {
  return createRouter({
    routeTree,
    scrollRestoration: true,
    // Show the progress bar from the first moment a navigation waits on a chunk.
    defaultPendingMs: 0,
    stringifySearch: stringifyPlainSearch,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
