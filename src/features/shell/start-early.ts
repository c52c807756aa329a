// The start of the boot path (src/main.tsx, with wire-app.ts): everything the first screen waits
// for is asked for at once, before React mounts, so the waits overlap instead of following each
// other (catalog → route chunk → Dexie → live queries). See bench/README.md § offline-start.
import type { AnyRoute, AnyRouter } from "@tanstack/react-router";
import { activateLang, initialLang } from "../../i18n/setup";

/** Marks on the page's performance timeline (the offline-start bench and e2e test read them). */
export const BOOT_MARKS = {
  /** The catalog, this address's route chunks and IndexedDB were asked for. */
  requested: "quanta:boot-requested",
  /** The first render: the catalog is active and the route chunks are in (or failed). */
  render: "quanta:boot-render",
} as const;

/**
 * Asks for the user's catalog, the chunks of the routes this address matches and IndexedDB;
 * resolves when the first render has what it needs: the catalog (its failure fails the start,
 * as every text needs it) and the route chunks (a failed one is the router's to show, as
 * before). IndexedDB is not waited for: the screens paint their snapshot (db/screen-snapshot.ts)
 * and their live queries find it open or opening.
 */
export async function startEarly(router: AnyRouter): Promise<void> {
  const catalog = activateLang(initialLang(), { remember: false });
  // Without this the router would ask for the chunks only at the first render, after the
  // catalog. Its own load later reuses these promises.
  const routes = router.routesById as Record<string, AnyRoute | undefined>;
  const chunks = router
    .matchRoutes(router.latestLocation)
    .map((match) => routes[match.routeId])
    .map((route) => (route === undefined ? undefined : router.loadRouteChunk(route)))
    .map((loading) => Promise.resolve(loading).catch(() => undefined));
  // A failure is the screens' to report (their queries fail the same way), not the boot's.
  import("../../db/database").then(({ database }) => database().open()).catch(() => undefined);
  performance.mark(BOOT_MARKS.requested);
  await Promise.all([catalog, ...chunks]);
  performance.mark(BOOT_MARKS.render);
}
