import { act, fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { DepositInfo } from "../../../protocol/chain";
import { database } from "../../db/database";
import { saveWalletInfo } from "../../db/wallet-data";
import { useScreenTest, signInAs, renderInEnglish } from "../../test/screen-test";
import { RechargeScreen } from "./recharge-screen";

const deposit: DepositInfo = {
  chainId: 31337,
  network: "ERC20",
  asset: "USDT",
  token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  confirmations: 2,
  minAmount: "10",
};

async function mount() {
  await renderInEnglish(<RechargeScreen />);
}

describe("<RechargeScreen>", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs("u1");
  });

  it("shows the stored deposit address with its QR code, network, minimum and warning", async () => {
    await saveWalletInfo("u1", { deposit, depositReadAt: new Date().toISOString() });
    await mount();
    expect((await screen.findByTestId("recharge-address")).textContent).toBe(deposit.address);
    const qr = screen.getByTestId("recharge-qr");
    expect(qr.getAttribute("data-qr-text")).toBe(deposit.address);
    // A real module matrix: a version-3+ code for 42 characters, drawn as many unit squares.
    expect(Number(qr.getAttribute("viewBox")?.split(" ")[2])).toBeGreaterThanOrEqual(29);
    expect(qr.querySelector("path")?.getAttribute("d")?.match(/M/g)?.length).toBeGreaterThan(200);
    expect(screen.getByTestId("recharge-network").textContent).toBe("ERC20");
    expect(screen.getByTestId("recharge-minimum").textContent).toBe("10 USDT");
    expect(screen.getByTestId("recharge-warning").textContent).toContain("USDT on the ERC20");
    expect(screen.getByTestId("recharge-copy")).toBeTruthy();
  });

  it("says the address is not known instead of showing one when no deposit info is stored", async () => {
    await mount();
    expect(await screen.findByTestId("recharge-no-deposit")).toBeTruthy();
    expect(screen.queryByTestId("recharge-address")).toBeNull();
    expect(screen.queryByTestId("recharge-qr")).toBeNull();
    // Without an address there is nothing to send to from a wallet.
    expect(screen.queryByTestId("recharge-send-wallet")).toBeNull();
  });

  it("validates before saving: amount required, minimum, voucher required", async () => {
    await saveWalletInfo("u1", { deposit, depositReadAt: new Date().toISOString() });
    await mount();
    const submit = await screen.findByTestId("recharge-submit");
    await act(async () => fireEvent.click(submit));
    expect(screen.getByText("Please enter the amount")).toBeTruthy();
    expect(screen.getByText("Add a screenshot of the transfer as a voucher.")).toBeTruthy();
    fireEvent.input(screen.getByTestId("recharge-amount"), { target: { value: "5" } });
    fireEvent.input(screen.getByTestId("recharge-txhash"), { target: { value: "0x12" } });
    await act(async () => fireEvent.click(screen.getByTestId("recharge-submit")));
    expect(screen.getByText("Not less than the minimum amount")).toBeTruthy();
    expect(
      screen.getByText("A transaction hash is 0x followed by 64 hexadecimal characters."),
    ).toBeTruthy();
    expect(await database().outbox.count()).toBe(0);
  });

  it("lists the recharge history from IndexedDB with statuses and reasons", async () => {
    const base = { voucher: "up", reviewedAt: null, txHash: null, reason: null, userId: "u1" };
    await database().recharges.bulkPut([
      {
        ...base,
        id: "a",
        amount: "20",
        status: 0,
        verification: "waiting",
        createdAt: "2026-01-01T00:00:00Z",
        txHash: `0x${"ab".repeat(32)}`,
      },
      {
        ...base,
        id: "b",
        amount: "30",
        status: 2,
        verification: "none",
        createdAt: "2026-01-02T00:00:00Z",
        reason: "Voucher unreadable",
      },
      {
        ...base,
        id: "c",
        amount: "40",
        status: 1,
        verification: "verified",
        createdAt: "2026-01-03T00:00:00Z",
      },
    ]);
    await mount();
    const rows = await screen.findAllByTestId("recharge-row");
    expect(rows.map((row) => row.getAttribute("data-id"))).toEqual(["c", "b", "a"]);
    expect(
      rows.map((row) => row.querySelector("[data-testid=recharge-row-status]")?.textContent),
    ).toEqual(["Credited", "Failed", "Waiting for confirmations"]);
    expect(rows[1]?.textContent).toContain("Voucher unreadable");
    expect(rows[2]?.textContent).toContain("0xababab…ababab");
  });
});
