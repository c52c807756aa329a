import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { Profile } from "../../../protocol";
import { saveAssetsOverview } from "../../db/account-data";
import { database } from "../../db/database";
import { saveWalletInfo } from "../../db/wallet-data";
import { useScreenTest, signInAs, renderInEnglish } from "../../test/screen-test";
import { WithdrawalScreen } from "./withdrawal-screen";

const MINE = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const OTHER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const profile: Profile = {
  id: "u1",
  address: MINE,
  name: null,
  avatar: null,
  locked: false,
  verified: 1,
  creditLevel: 1,
  weightedScore: 0,
  inviteCode: "ABC",
  createdAt: "2026-01-01T00:00:00Z",
};

/** Mounts and waits for the balance and the fee: each paints "not known yet" until its own
 *  read of the device answers, and the form's checks need both. */
async function mount() {
  await renderInEnglish(<WithdrawalScreen />);
  await waitFor(() =>
    expect(screen.getByTestId("withdraw-available").textContent).toBe("100 USDT"),
  );
  await waitFor(() => expect(screen.getByTestId("withdraw-fee").textContent).toBe("2.5 USDT"));
}

const type = (testId: string, value: string) =>
  fireEvent.input(screen.getByTestId(testId), { target: { value } });

describe("<WithdrawalScreen>", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs("u1");
    await database().profile.put({ ...profile, syncedAt: "2026-01-01T00:00:00Z" });
    await saveAssetsOverview("u1", {
      balances: [{ asset: "USDT", available: "100", frozen: "0" }],
      usdt: { available: "100", frozen: "0", withdrawing: "0", withdrawn: "0" },
      income: { today: "0", yesterday: "0", total: "0" },
      creditLevel: 1,
      loan: "0",
      equityUsd: "100",
    });
    await saveWalletInfo("u1", {
      withdrawConfig: {
        fee: "2.5",
        minAmount: "10",
        maxAmount: "50000",
        chainId: 31337,
        network: "ERC20",
      },
      withdrawConfigReadAt: "2026-01-01T00:00:00Z",
    });
  });

  it("shows available, the stored fee, and defaults to the signed-in wallet without a warning", async () => {
    await mount();
    await waitFor(() =>
      expect((screen.getByTestId("withdraw-address") as HTMLInputElement).value).toBe(MINE),
    );
    expect(screen.queryByTestId("withdraw-new-address-warning")).toBeNull();
    // The same address in other case is still the signed-in wallet.
    type("withdraw-address", MINE.toLowerCase());
    expect(screen.queryByTestId("withdraw-new-address-warning")).toBeNull();
    type("withdraw-address", OTHER);
    expect(screen.getByTestId("withdraw-new-address-warning").textContent).toContain(
      "This is not your signed-in wallet",
    );
  });

  it("uses the seed's messages, and counts the fee against the balance", async () => {
    await mount();
    const submit = await screen.findByTestId("withdraw-submit");
    await act(async () => fireEvent.click(submit));
    expect(screen.getByText("Please enter the amount")).toBeTruthy();
    type("withdraw-amount", "9.5");
    await act(async () => fireEvent.click(submit));
    expect(screen.getByText("Not less than the minimum amount")).toBeTruthy();
    // 98 + 2.5 fee > 100 available.
    type("withdraw-amount", "98");
    await act(async () => fireEvent.click(submit));
    expect(screen.getByText("Insufficient available balance")).toBeTruthy();
    expect(screen.queryByTestId("withdraw-confirm")).toBeNull();
  });

  it("confirms amount, fee, total frozen and destination before saving to the outbox", async () => {
    await mount();
    fireEvent.click(screen.getByTestId("withdraw-all"));
    expect((screen.getByTestId("withdraw-amount") as HTMLInputElement).value).toBe("97.5");
    type("withdraw-amount", "40");
    type("withdraw-address", OTHER.toLowerCase());
    await act(async () => fireEvent.click(screen.getByTestId("withdraw-submit")));
    const confirm = await screen.findByTestId("withdraw-confirm");
    expect(screen.getByTestId("withdraw-confirm-amount").textContent).toBe("40 USDT");
    expect(screen.getByTestId("withdraw-confirm-fee").textContent).toBe("2.5 USDT");
    expect(screen.getByTestId("withdraw-confirm-total").textContent).toBe("42.5 USDT");
    // Shown checksummed, with the new-address warning and the 24-hour promise.
    expect(screen.getByTestId("withdraw-confirm-address").textContent).toBe(OTHER);
    expect(screen.getByTestId("withdraw-confirm-step").textContent).toContain("within 24 hours");
    expect(screen.getByTestId("withdraw-confirm-step").textContent).toContain(
      "This is not your signed-in wallet",
    );
    expect(await database().outbox.count()).toBe(0);

    await act(async () => fireEvent.click(confirm));
    await waitFor(async () => expect(await database().outbox.count()).toBe(1));
    const [row] = await database().outbox.toArray();
    expect(row).toMatchObject({
      command: "wallet.withdraw",
      userId: "u1",
      payload: { amount: "40", address: OTHER },
    });
    expect(await screen.findByTestId("withdraw-pending")).toBeTruthy();
  });

  it("lists withdrawals with their statuses, reasons and tx hashes", async () => {
    const base = { fee: "1", address: OTHER, reviewedAt: null, completedAt: null, userId: "u1" };
    await database().withdrawals.bulkPut([
      {
        ...base,
        id: "a",
        amount: "10",
        status: 3,
        txHash: null,
        reason: "Address on a sanctions list",
        createdAt: "2026-01-01T00:00:00Z",
      },
      {
        ...base,
        id: "b",
        amount: "20",
        status: 2,
        txHash: `0x${"cd".repeat(32)}`,
        reason: null,
        createdAt: "2026-01-02T00:00:00Z",
      },
      {
        ...base,
        id: "c",
        amount: "30",
        status: 0,
        txHash: null,
        reason: null,
        createdAt: "2026-01-03T00:00:00Z",
      },
    ]);
    await mount();
    const rows = await screen.findAllByTestId("withdraw-row");
    expect(
      rows.map((row) => row.querySelector("[data-testid=withdraw-row-status]")?.textContent),
    ).toEqual(["Under review", "Sent", "Failed, funds returned"]);
    expect(rows[1]?.textContent).toContain("0xcdcdcd…cdcdcd");
    expect(rows[2]?.textContent).toContain("Address on a sanctions list");
  });
});
