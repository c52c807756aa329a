import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OperatorRole } from "../../../protocol/operators";
import { signIn, signOutOperator } from "../../sync/admin/operator-session";
import { fakeConsoleServer, sessionView, type FakeHandlers } from "../../test/fake-console-server";
import { renderInEnglish, useScreenTest } from "../../test/screen-test";
import { MailboxScreen } from "./mailbox-screen";
import { mailParts } from "./mail-text";
import { NewsletterScreen } from "./newsletter-screen";

const confirmUrl = "http://127.0.0.1:8080/api/v1/system/subscribe/confirm?token=abc_1";
const mail = {
  id: "m1",
  from: "Quanta <no-reply@quanta.example>",
  to: ["ada@example.org"],
  subject: "Confirm your subscription",
  text: `Open ${confirmUrl}.\nNot you? Ignore this mail. javascript:alert(1)`,
  messageId: null,
  receivedAt: "2026-11-27T04:00:00Z",
};

async function signedInAs(role: OperatorRole, handlers: FakeHandlers) {
  const server = fakeConsoleServer({
    "POST /auth/signin": () => ({ data: "op-token" }),
    "GET /admin/session": () => ({ data: sessionView("ready", role) }),
    "POST /auth/logout": () => ({ data: null }),
    ...handlers,
  });
  await act(async () => {
    await signIn("ada", "pw");
  });
  return server;
}

describe("mail text", () => {
  it("makes only http(s) addresses links, without the sentence's last dot", () => {
    expect(mailParts(`Open ${confirmUrl}. Or javascript:alert(1)`)).toEqual([
      { kind: "text", text: "Open " },
      { kind: "link", href: confirmUrl },
      { kind: "text", text: ". Or javascript:alert(1)" },
    ]);
  });
});

describe("<MailboxScreen>", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  it("lists the mails and opens one with its links clickable", async () => {
    await signedInAs("support", {
      "GET /admin/mailbox": () => ({ data: { items: [mail], nextCursor: null } }),
    });
    await renderInEnglish(<MailboxScreen />);
    fireEvent.click(await screen.findByTestId("mail-m1"));
    const opened = screen.getByTestId("mail-open");
    expect(opened.textContent).toContain("ada@example.org");
    const links = screen.getByTestId("mail-text").querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute("href")).toBe(confirmUrl);
    expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("says when the mailbox is empty", async () => {
    await signedInAs("admin", {
      "GET /admin/mailbox": () => ({ data: { items: [], nextCursor: null } }),
    });
    await renderInEnglish(<MailboxScreen />);
    expect(await screen.findByTestId("mailbox-empty")).toBeTruthy();
  });
});

describe("<NewsletterScreen>", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  it("sends only after the confirmation and shows how many mails were queued", async () => {
    const bodies: unknown[] = [];
    await signedInAs("admin", {
      "POST /admin/newsletter": ({ body }) => {
        bodies.push(body);
        return {
          data: { id: "n1", subject: "News", recipients: 3, createdAt: "2026-11-27T04:00:00Z" },
        };
      },
    });
    await renderInEnglish(<NewsletterScreen />);
    fireEvent.click(screen.getByTestId("newsletter-review"));
    expect(screen.getByRole("alert").textContent).toContain("Enter a subject and a text");
    fireEvent.input(screen.getByTestId("newsletter-subject"), { target: { value: " News " } });
    fireEvent.input(screen.getByTestId("newsletter-text"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByTestId("newsletter-review"));
    expect(bodies).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByTestId("newsletter-send"));
    });
    await waitFor(() => expect(bodies).toEqual([{ subject: "News", text: "Hello" }]));
    expect((await screen.findByTestId("newsletter-sent")).textContent).toBe(
      "Queued for 3 confirmed subscribers.",
    );
  });

  it("does not let a support operator send", async () => {
    await signedInAs("support", {});
    await renderInEnglish(<NewsletterScreen />);
    expect((screen.getByTestId("newsletter-review") as HTMLButtonElement).disabled).toBe(true);
  });
});
