import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import Dexie from "dexie";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AssetsOverview } from "../../../protocol";
import { saveAssetsOverview } from "../../db/account-data";
import { closeDatabase, DB_NAME } from "../../db/database";
import { saveSession } from "../../db/session";
import { SYNC_KEYS, writeSyncValue } from "../../db/sync-state";
import { messages as en } from "../../locales/en/messages.po";
import { AssetsScreen } from "./assets-screen";

const USER = "u1";
const overview: AssetsOverview = {
  balances: [
    { asset: "USDT", available: "1234.5", frozen: "10" },
    { asset: "BTC", available: "0.00012345", frozen: "0" },
  ],
  usdt: { available: "1234.5", frozen: "10", withdrawing: "0", withdrawn: "0" },
  income: { today: "0", yesterday: "0", total: "0" },
  creditLevel: 1,
  loan: "0",
  equityUsd: "1250.75",
};

async function mount() {
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({ getParentRoute: () => root, path: "/my", component: AssetsScreen });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ["/my"] }),
  });
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    await router.load();
  });
}

describe("<AssetsScreen>", () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    window.scrollTo = () => undefined;
    i18n.loadAndActivate({ locale: "en", messages: en });
  });
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    saveSession({ token: "t", name: null, avatar: null, info: { id: USER } });
  });
  afterEach(cleanup);

  it("shows no figures before the first overview, rather than zeros", async () => {
    await mount();
    expect(await screen.findByTestId("my-no-overview")).toBeTruthy();
    expect(screen.queryByTestId("my-equity")).toBeNull();
    expect(screen.getByTestId("my-shortcut-records").getAttribute("href")).toBe("/records");
  });

  it("shows the stored overview: equity, USDT, loan, other balances", async () => {
    await saveAssetsOverview(USER, overview);
    await mount();
    expect((await screen.findByTestId("my-equity")).textContent).toBe("1,250.75 USD");
    expect(screen.getByTestId("my-usdt-available").textContent).toBe("1,234.5 USDT");
    expect(screen.getByTestId("my-usdt-frozen").textContent).toBe("10 USDT");
    expect(screen.getByTestId("my-loan").textContent).toBe("0 — lending is not offered");
    const others = screen.getAllByTestId("my-other-balance");
    expect(others.map((row) => row.textContent)).toEqual(["BTC0.000123450"]);
  });

  it("offers demo funds in demo mode only", async () => {
    await writeSyncValue(SYNC_KEYS.systemFacts, { domain: "x", country: "x", mode: "production" });
    await mount();
    await screen.findByTestId("my-no-overview");
    expect(screen.queryByTestId("demo-credit")).toBeNull();
    cleanup();

    await writeSyncValue(SYNC_KEYS.systemFacts, { domain: "x", country: "x", mode: "demo" });
    await mount();
    await waitFor(() => expect(screen.getByTestId("demo-credit")).toBeTruthy());
    expect(screen.getByTestId("demo-credit").textContent).toContain("demo funds");
  });
});
