// /invite against IndexedDB: offline it renders the stored page — code, link, its QR code, the
// rules as the server states them, the "budget empty: waiting" state and the masked invitees —
// and copies the code and link; the share button appears only where the browser can share.
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveAccountExtra } from "../../db/account-extras-data";
import type { InviteRow } from "../../db/queries/invite";
import { reportReachability } from "../../sync/online";
import { renderInEnglish, signInAs, useScreenTest } from "../../test/screen-test";
import { InviteScreen } from "./invite-screen";

const SLOW = { timeout: 5_000 };

const INVITE: Omit<InviteRow, "userId" | "readAt"> = {
  code: "ABCD1234",
  link: "https://quanta.example/login?invite=ABCD1234",
  invitees: 2,
  verifiedInvitees: 1,
  rewards: "5",
  waitingRewards: 1,
  rule: { reward: "5", minDeposit: "100", needsVerification: true },
  items: [
    { address: "0x12…ab", joinedAt: "2026-11-26T10:00:00Z", verified: true, reward: "waiting" },
    { address: "0x9f…01", joinedAt: "2026-11-25T10:00:00Z", verified: false, reward: "none" },
  ],
};

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe("<InviteScreen>", () => {
  useScreenTest();
  beforeEach(() => {
    signInAs("u1");
    reportReachability(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reportReachability(true);
  });

  it("says when the page was never read on this device", async () => {
    await renderInEnglish(<InviteScreen />);
    await screen.findByTestId("invite-not-read", {}, SLOW);
  });

  it("renders the stored page offline: code, link, QR, rules, waiting state, masked invitees", async () => {
    await saveAccountExtra("invites", "u1", INVITE);
    await renderInEnglish(<InviteScreen />);
    await screen.findByTestId("invite-code", {}, SLOW);
    expect(text("invite-code")).toBe("ABCD1234");
    expect(text("invite-link")).toBe(INVITE.link);
    expect(screen.getByTestId("invite-qr").dataset.qrText).toBe(INVITE.link);
    expect(text("invite-rules")).toContain(
      "You receive 5 USDT (gift bonus) for each person who signs in through your link, passes identity verification and deposits at least 100 USDT in total.",
    );
    expect(text("invite-waiting")).toContain("Budget empty: waiting.");
    expect(text("invite-count")).toBe("2");
    expect(text("invite-verified-count")).toBe("1");
    expect(text("invite-rewards")).toBe("5");
    expect(screen.getAllByTestId("invitee-address").map((el) => el.textContent)).toEqual([
      "0x12…ab",
      "0x9f…01",
    ]);
    expect(screen.getAllByTestId("invitee-reward").map((el) => el.textContent)).toEqual([
      "Reward waiting",
      "No reward yet",
    ]);
    // jsdom has no Web Share API: no share button, copying and saving still offered.
    expect(screen.queryByTestId("invite-share")).toBeNull();
    expect(screen.getByTestId("invite-save-image")).toBeTruthy();
  });

  it("says nothing waits when no reward waits, and words a rule without identity review", async () => {
    await saveAccountExtra("invites", "u1", {
      ...INVITE,
      waitingRewards: 0,
      rule: { reward: "2.5", minDeposit: "50", needsVerification: false },
      items: [],
      invitees: 0,
    });
    await renderInEnglish(<InviteScreen />);
    await screen.findByTestId("invite-empty", {}, SLOW);
    expect(screen.queryByTestId("invite-waiting")).toBeNull();
    expect(text("invite-rules")).toContain(
      "You receive 2.5 USDT (gift bonus) for each person who signs in through your link and deposits at least 50 USDT in total.",
    );
  });

  it("copies the code and the link, and shares the link where the browser can", async () => {
    const writeText = vi.fn(async () => undefined);
    const share = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText }, share });
    await saveAccountExtra("invites", "u1", INVITE);
    await renderInEnglish(<InviteScreen />);
    await screen.findByTestId("invite-code", {}, SLOW);
    await act(async () => fireEvent.click(screen.getByTestId("invite-copy-code")));
    await act(async () => fireEvent.click(screen.getByTestId("invite-copy-link")));
    expect(writeText.mock.calls).toEqual([["ABCD1234"], [INVITE.link]]);
    await screen.findByText("Link copied.");
    await act(async () => fireEvent.click(screen.getByTestId("invite-share")));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: INVITE.link }));
  });
});
