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
import { closeDatabase, database, DB_NAME } from "../../db/database";
import { clearSession, saveSession } from "../../db/session";
import { messages as en } from "../../locales/en/messages.po";
import { MessageScreen } from "./message-screen";

const USER = "user-1";

async function mount(id: string | undefined) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => root,
    path: "/data/message",
    component: () => <MessageScreen id={id} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ["/data/message"] }),
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

describe("<MessageScreen>", () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    window.scrollTo = () => undefined;
    i18n.loadAndActivate({ locale: "en", messages: en });
  });
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
    saveSession({ token: "t", name: null, avatar: null, info: { id: USER } });
    await database().messages.bulkPut([
      {
        id: "m1",
        userId: USER,
        title: "Identity verification not passed",
        summary: "",
        body: "stored English",
        read: false,
        createdAt: "2026-11-22T10:00:00.000Z",
        kind: "identity-rejected",
        params: { reason: "Photo unreadable" },
      },
      {
        id: "m2",
        userId: USER,
        title: "Maintenance tonight",
        summary: "",
        body: "The exchange feed pauses at 22:00.\n\nThanks for your patience.",
        read: true,
        createdAt: "2026-11-22T11:00:00.000Z",
        kind: null,
        params: {},
      },
    ]);
  });
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it("lists messages newest first with their read state", async () => {
    await mount(undefined);
    await screen.findByTestId("message-list");
    const items = screen.getAllByTestId("message-item");
    expect(items.map((item) => [item.dataset["id"], item.dataset["read"]])).toEqual([
      ["m2", "true"],
      ["m1", "false"],
    ]);
  });

  it("opening an unread message marks it read through the outbox, at once", async () => {
    await mount("m1");
    expect((await screen.findByTestId("message-title")).textContent).toBe(
      "Identity verification not passed",
    );
    const body = screen.getByTestId("message-body");
    expect(body.querySelectorAll("p")).toHaveLength(2);
    expect(body.textContent).toContain("Reason: Photo unreadable");
    await waitFor(() => expect(screen.getByTestId("message-body").dataset["read"]).toBe("true"));
    const entries = await database().outbox.toArray();
    expect(entries.map((entry) => [entry.command, entry.payload])).toEqual([
      ["message.read", { id: "m1" }],
    ]);
  });

  it("shows an operator's message as written, in paragraphs, without marking it again", async () => {
    await mount("m2");
    const body = await screen.findByTestId("message-body");
    expect([...body.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "The exchange feed pauses at 22:00.",
      "Thanks for your patience.",
    ]);
    expect(await database().outbox.count()).toBe(0);
  });
});
