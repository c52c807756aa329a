import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { database } from "../../db/database";
import { clearSession } from "../../db/session";
import { useScreenTest, signInAs, renderAtRoute } from "../../test/screen-test";
import { MessageScreen } from "./message-screen";

const USER = "user-1";

async function mount(id: string | undefined) {
  await renderAtRoute("/data/message", () => <MessageScreen id={id} />);
}

describe("<MessageScreen>", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs(USER);
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
