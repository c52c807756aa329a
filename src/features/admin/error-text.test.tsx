// The console's wording for the refusals only operators meet: the same operator approving a
// withdrawal twice (CONFLICT same-approver, two-person rule) and mail that cannot go out
// (UNAVAILABLE mail) — on the screens that show them, and translated, not English everywhere.
import { i18n } from "@lingui/core";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../sync/admin/console";
import { messages as de } from "../../locales/de/messages.po";
import { messages as en } from "../../locales/en/messages.po";
import { messages as jp } from "../../locales/jp/messages.po";
import { signIn, signOutOperator } from "../../sync/admin/operator-session";
import { fakeConsoleServer, sessionView } from "../../test/fake-console-server";
import { renderInEnglish, useScreenTest } from "../../test/screen-test";
import { consoleErrorText } from "./error-text";
import { NewsletterScreen } from "./newsletter-screen";
import { ReviewActions } from "./review-actions";

const sameApprover = new ApiError(409, "CONFLICT", "You already approved this withdrawal", {
  conflict: "same-approver",
  approver: "operator:ada",
  approvedAt: "2026-11-27T04:00:00Z",
});
const mailDown = new ApiError(503, "UNAVAILABLE", "Mail cannot be sent", { part: "mail" });

describe("consoleErrorText", () => {
  useScreenTest();
  afterEach(() => i18n.loadAndActivate({ locale: "en", messages: en }));

  it("says who must give the second approval, and that mail is down, in each language", () => {
    const english = [consoleErrorText(i18n, sameApprover), consoleErrorText(i18n, mailDown)];
    expect(english[0]).toMatch(
      /^You already approved this withdrawal \(.*2026.*\)\. The second approval must come from another operator\.$/,
    );
    expect(english[1]).toContain("Mail cannot be sent right now");
    // Without its params the same-approver refusal still reads as one.
    expect(
      consoleErrorText(i18n, new ApiError(409, "CONFLICT", "x", { conflict: "same-approver" })),
    ).toBe(
      "You already approved this withdrawal. The second approval must come from another operator.",
    );
    // Other refusals keep the app's wording.
    expect(consoleErrorText(i18n, new ApiError(503, "UNAVAILABLE", "x", { part: "chain" }))).toBe(
      "The blockchain connection is not ready yet. Please try again shortly.",
    );
    for (const [locale, messages] of [
      ["de", de],
      ["jp", jp],
    ] as const) {
      i18n.loadAndActivate({ locale, messages });
      const translated = [consoleErrorText(i18n, sameApprover), consoleErrorText(i18n, mailDown)];
      expect(translated[0], locale).not.toBe(english[0]);
      expect(translated[1], locale).not.toBe(english[1]);
      expect(translated[1], locale).toContain("SMTP_URL");
    }
  });
});

describe("on the screens", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  it("a second approval by the same operator shows the two-person rule", async () => {
    const onDone = vi.fn();
    await renderInEnglish(
      <ReviewActions
        itemId="w1"
        approve={() => Promise.reject(sameApprover)}
        reject={() => Promise.resolve()}
        onDone={onDone}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId("approve-w1"));
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The second approval must come from another operator.");
    expect(onDone).not.toHaveBeenCalled();
  });

  it("the newsletter screen says mail is down and nothing was sent", async () => {
    fakeConsoleServer({
      "POST /auth/signin": () => ({ data: "op-token" }),
      "GET /admin/session": () => ({ data: sessionView("ready", "admin") }),
      "POST /auth/logout": () => ({ data: null }),
      "POST /admin/newsletter": () => ({
        status: 503,
        code: "UNAVAILABLE",
        params: { part: "mail" },
      }),
    });
    await act(async () => {
      await signIn("ada", "pw");
    });
    await renderInEnglish(<NewsletterScreen />);
    fireEvent.input(screen.getByTestId("newsletter-subject"), { target: { value: "News" } });
    fireEvent.input(screen.getByTestId("newsletter-text"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByTestId("newsletter-review"));
    await act(async () => {
      fireEvent.click(screen.getByTestId("newsletter-send"));
    });
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(
        "Nothing was sent or recorded; try again once mail is back.",
      ),
    );
    expect(screen.queryByTestId("newsletter-sent")).toBeNull();
  });
});
