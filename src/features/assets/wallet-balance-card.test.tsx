import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import Dexie from "dexie";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, DB_NAME } from "../../db/database";
import { saveSession } from "../../db/session";
import { saveWalletInfo } from "../../db/wallet-data";
import { messages as en } from "../../locales/en/messages.po";
import { WalletBalanceCard } from "./wallet-balance-card";

async function mount() {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <WalletBalanceCard userId="u1" />
      </I18nProvider>,
    );
  });
}

describe("<WalletBalanceCard>", () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    i18n.loadAndActivate({ locale: "en", messages: en });
  });
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    saveSession({ token: "t", name: null, avatar: null, info: { id: "u1" } });
  });
  afterEach(() => cleanup());

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
