// The set-up the app's component tests share: React's act() environment, English messages, an
// empty local store (IndexedDB and localStorage) before each test and unmounting after it, plus
// rendering in English, optionally under a one-route router for screens that link.
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render } from "@testing-library/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import Dexie from "dexie";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { closeDatabase, DB_NAME } from "../db/database";
import { saveSession } from "../db/session";
import { messages as en } from "../locales/en/messages.po";

/** Registers the shared hooks; call it inside the test file's describe, before its own hooks. */
export function useScreenTest(): void {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // The router's scroll restoration calls it; jsdom only stubs it noisily.
    window.scrollTo = () => undefined;
    i18n.loadAndActivate({ locale: "en", messages: en });
  });
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });
  afterEach(cleanup);
}

/** A stored session for `userId`, as after signing in (the token is never sent in these tests). */
export function signInAs(userId: string): void {
  saveSession({ token: "t", name: null, avatar: null, info: { id: userId } });
}

/** Renders `ui` in English and lets its first effects run. */
export async function renderInEnglish(ui: ReactNode): Promise<void> {
  await act(async () => {
    render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
  });
}

/** Renders `component` as the one route at `path` (for screens with links), loaded at `path`. */
export async function renderAtRoute(path: string, component: () => ReactNode): Promise<void> {
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({ getParentRoute: () => root, path, component });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
  });
  await loadRouter(router);
}

/**
 * Loads the router's first match outside act(): Preact's act holds every render until its
 * callback returns, and the load waits on renders (the router's transitions), so a load inside
 * act never ends. A last act() flushes what the load scheduled.
 */
export async function loadRouter(router: { load: () => Promise<void> }): Promise<void> {
  await router.load();
  await act(async () => undefined);
}
