import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { saveWalletInfo } from "../../db/wallet-data";
import { useScreenTest, signInAs, renderInEnglish } from "../../test/screen-test";
import { WalletBalanceCard } from "./wallet-balance-card";

async function mount() {
  await renderInEnglish(<WalletBalanceCard userId="u1" />);
}

describe("<WalletBalanceCard>", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs("u1");
  });

  it("shows the balance read on chain with its age", async () => {
    const readAt = new Date(Date.now() - 5 * 60_000).toISOString();
    await saveWalletInfo("u1", {
      balance: { address: "0x1", chainId: 31337, token: "0x2", balance: "1234.5", readAt },
      balanceTriedAt: Date.now(),
    });
    await mount();
    await waitFor(() =>
      expect(screen.getByTestId("my-wallet-usdt").textContent).toBe("1,234.5 USDT"),
    );
    expect(screen.getByTestId("my-wallet-usdt-age").textContent).toContain("5 minutes ago");
  });

  it("says unknown, with the reason, and shows no number", async () => {
    // The profile has no address, so the card's own refresh stores that reason.
    await mount();
    await waitFor(() =>
      expect(screen.getByTestId("my-wallet-usdt").textContent).toBe(
        "Unknown: this account has no wallet address.",
      ),
    );
    expect(screen.getByTestId("my-wallet-usdt").getAttribute("data-known")).toBe("false");
  });
});
