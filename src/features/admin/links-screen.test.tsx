import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OperatorRole } from "../../../protocol/operators";
import { signIn, signOutOperator } from "../../sync/admin/operator-session";
import { fakeConsoleServer, sessionView } from "../../test/fake-console-server";
import { renderInEnglish, useScreenTest } from "../../test/screen-test";
import { LinksScreen } from "./links-screen";

const chat = {
  id: "live-chat",
  alias: "live_chat",
  url: "https://chat.example.org",
  origin: "seed",
  frameable: false,
  titles: { en: "Live chat" },
  updatedAt: "2026-11-27T03:00:00Z",
};

async function mountAs(role: OperatorRole) {
  const edits: unknown[] = [];
  // The server's copy: an edit changes it (and its updatedAt), and the list reads it back.
  let current = chat;
  fakeConsoleServer({
    "POST /auth/signin": () => ({ data: "op-token" }),
    "GET /admin/session": () => ({ data: sessionView("ready", role) }),
    "POST /auth/logout": () => ({ data: null }),
    "GET /admin/links": () => ({ data: [current] }),
    "PUT /admin/links/live-chat": ({ body }) => {
      edits.push(body);
      current = { ...current, ...(body as object), updatedAt: "2026-11-29T06:00:00Z" };
      return { data: current };
    },
  });
  await act(async () => {
    await signIn("ada", "pw");
  });
  await renderInEnglish(<LinksScreen />);
  await screen.findByTestId("link-live-chat");
  return edits;
}

describe("<LinksScreen>", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  it("sends only what changed", async () => {
    const edits = await mountAs("admin");
    fireEvent.input(screen.getByTestId("link-url-live-chat"), {
      target: { value: " https://help.example.org " },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId("link-save-live-chat"));
    });
    await waitFor(() => expect(edits).toEqual([{ url: "https://help.example.org" }]));
  });

  it("says saved once the list shows the edit, and not after a new change", async () => {
    await mountAs("admin");
    expect(screen.queryByTestId("link-saved-live-chat")).toBeNull();
    fireEvent.input(screen.getByTestId("link-url-live-chat"), {
      target: { value: "https://help.example.org" },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId("link-save-live-chat"));
    });
    await screen.findByTestId("link-saved-live-chat");
    expect((screen.getByTestId("link-url-live-chat") as HTMLInputElement).value).toBe(
      "https://help.example.org",
    );
    fireEvent.input(screen.getByTestId("link-url-live-chat"), {
      target: { value: "https://other.example.org" },
    });
    expect(screen.queryByTestId("link-saved-live-chat")).toBeNull();
  });

  it("lets a support operator read but not edit", async () => {
    await mountAs("support");
    expect(screen.queryByTestId("link-save-live-chat")).toBeNull();
    expect((screen.getByTestId("link-url-live-chat") as HTMLInputElement).disabled).toBe(true);
  });
});
