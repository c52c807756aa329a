// The pages behind the newsletter mails' links: opening one sends nothing (mail scanners open
// every link), the button POSTs once, and the page shows confirmed, already, or a bad link;
// offline the button waits. The server is a fetch stand-in answering in the envelope.
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reportReachability } from "../../sync/online";
import { fakeConsoleServer } from "../../test/fake-console-server";
import { renderAtRoute, useScreenTest } from "../../test/screen-test";
import { NewsletterLinkScreen, type NewsletterLink } from "./newsletter-link-screen";

const TOKEN = "A".repeat(43);
const confirmLink: NewsletterLink = { kind: "confirm", token: TOKEN };

const render = (link: NewsletterLink) =>
  renderAtRoute("/", () => <NewsletterLinkScreen link={link} />);

const press = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId("newsletter-link-submit"));
  });

describe("<NewsletterLinkScreen>", () => {
  useScreenTest();
  afterEach(() => {
    vi.unstubAllGlobals();
    reportReachability(true);
  });

  it("confirms only when the button is pressed, then says so; again: already confirmed", async () => {
    let already = false;
    const server = fakeConsoleServer({
      "POST /system/subscribe/confirm": ({ search }) => {
        expect(search.get("token")).toBe(TOKEN);
        const answer = { data: { email: "ada@example.org", status: "confirmed", already } };
        already = true;
        return answer;
      },
    });
    await render(confirmLink);
    expect(screen.getByTestId("screen-subscribe-confirm")).toBeTruthy();
    expect(screen.getByTestId("newsletter-link-explain").textContent).toContain(
      "Someone asked to receive the Quanta newsletter",
    );
    expect(server.calls).toEqual([]);
    await press();
    expect(server.calls).toEqual(["POST /system/subscribe/confirm"]);
    const result = await screen.findByTestId("newsletter-link-result");
    expect(result.dataset.result).toBe("done");
    expect(result.textContent).toBe(
      "Thank you: ada@example.org is confirmed and will receive the newsletter.",
    );
    expect(screen.queryByTestId("newsletter-link-submit")).toBeNull();

    cleanup();
    await render(confirmLink);
    await press();
    const again = await screen.findByTestId("newsletter-link-result");
    expect(again.dataset.result).toBe("already");
    expect(again.textContent).toBe("ada@example.org was already confirmed. Nothing changed.");
  });

  it("says a link is invalid or expired when the server refuses it", async () => {
    fakeConsoleServer({
      "POST /system/unsubscribe": () => ({ status: 400, code: "VALIDATION" }),
    });
    await render({ kind: "unsubscribe", email: "ada@example.org", sig: "s".repeat(43) });
    expect(screen.getByTestId("newsletter-link-explain").textContent).toContain(
      "Stop sending the Quanta newsletter to ada@example.org?",
    );
    await press();
    const result = await screen.findByTestId("newsletter-link-result");
    expect(result.dataset.result).toBe("invalid");
    expect(result.textContent).toContain("This unsubscribe link is not valid.");
  });

  it("an incomplete link offers no button; offline, the button waits", async () => {
    const server = fakeConsoleServer({});
    await render({ kind: "confirm", token: undefined });
    expect(screen.getByTestId("newsletter-link-result").dataset.result).toBe("invalid");
    expect(screen.queryByTestId("newsletter-link-submit")).toBeNull();

    reportReachability(false);
    await render(confirmLink);
    expect(screen.getByTestId("newsletter-link-offline").textContent).toContain("You are offline.");
    const button = screen.getByTestId("newsletter-link-submit") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(server.calls).toEqual([]);
  });
});
