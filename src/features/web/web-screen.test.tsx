import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen } from "@testing-library/react";
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
import type { LinkItem } from "../../../protocol";
import { closeDatabase, DB_NAME } from "../../db/database";
import { saveLinks } from "../../db/public-data";
import { messages as en } from "../../locales/en/messages.po";
import { reportReachability } from "../../sync/online";
import { WebScreen } from "./web-screen";

const LINKS: LinkItem[] = [
  { id: "partner-x", alias: "partner", title: "Partner X", url: "https://x.example/page" },
  {
    id: "framed",
    alias: "partner",
    title: "Framed page",
    url: "https://framed.example/",
    frameable: true,
  },
  { id: "live-chat", alias: "live-chat", title: "Write to us", url: "mailto:help@x.example" },
];

async function mount(id: string | undefined) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => root,
    path: "/web",
    component: () => <WebScreen id={id} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ["/web"] }),
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

describe("<WebScreen>", () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    window.scrollTo = () => undefined;
    i18n.loadAndActivate({ locale: "en", messages: en });
  });
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    reportReachability(true);
  });
  afterEach(cleanup);

  it("says so when offline before the links were ever loaded", async () => {
    reportReachability(false);
    await mount("partner-x");
    expect((await screen.findByTestId("web-offline")).textContent).toContain("offline");
  });

  it("says an id is not an operator link, and offers nothing to open", async () => {
    await saveLinks("en", LINKS, '"e1"', null);
    await mount("no-such-link");
    expect((await screen.findByTestId("web-unknown")).textContent).toContain("no-such-link");
    expect(screen.queryByTestId("web-open")).toBeNull();
  });

  it("shows the whole URL and opens a link that may not be framed in the browser", async () => {
    await saveLinks("en", LINKS, '"e1"', null);
    await mount("partner-x");
    expect((await screen.findByTestId("web-url")).textContent).toBe("https://x.example/page");
    expect(screen.getByTestId("web-open").getAttribute("href")).toBe("https://x.example/page");
    expect(screen.queryByTestId("web-frame")).toBeNull();
  });

  it("frames a link the server marked frameable, only while online", async () => {
    await saveLinks("en", LINKS, '"e1"', null);
    await mount("framed");
    expect((await screen.findByTestId("web-frame")).getAttribute("src")).toBe(
      "https://framed.example/",
    );
    act(() => reportReachability(false));
    expect(screen.queryByTestId("web-frame")).toBeNull();
    expect(screen.getByTestId("web-offline")).toBeTruthy();
  });

  it("opens a mail link in the mail app, never in a frame", async () => {
    await saveLinks("en", LINKS, '"e1"', null);
    await mount("live-chat");
    expect((await screen.findByTestId("web-open")).getAttribute("href")).toBe(
      "mailto:help@x.example",
    );
    expect(screen.queryByTestId("web-frame")).toBeNull();
  });
});
