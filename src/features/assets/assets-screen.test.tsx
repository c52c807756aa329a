import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AssetsOverview } from "../../../protocol";
import { saveAssetsOverview } from "../../db/account-data";
import { database } from "../../db/database";
import { SYNC_KEYS, writeSyncValue } from "../../db/sync-state";
import { useScreenTest, signInAs, renderAtRoute } from "../../test/screen-test";
import { AssetsScreen } from "./assets-screen";

const USER = "u1";
const overview: AssetsOverview = {
  balances: [
    { asset: "USDT", available: "1234.5", frozen: "10" },
    { asset: "BTC", available: "0.00012345", frozen: "0" },
  ],
  usdt: { available: "1234.5", frozen: "10", withdrawing: "0", withdrawn: "0" },
  income: { today: "0", yesterday: "0", total: "0" },
  creditLevel: 1,
  loan: "0",
  equityUsd: "1250.75",
};

async function mount() {
  await renderAtRoute("/my", AssetsScreen);
}

describe("<AssetsScreen>", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs(USER);
  });

  it("shows no figures before the first overview, rather than zeros", async () => {
    await mount();
    expect(await screen.findByTestId("my-no-overview")).toBeTruthy();
    expect(screen.queryByTestId("my-equity")).toBeNull();
    expect(screen.getByTestId("my-shortcut-records").getAttribute("href")).toBe("/records");
  });

  it("values every holding at its last price in USDT, and names a missing price", async () => {
    await saveAssetsOverview(USER, overview);
    await mount();
    // No BTC price on the device yet: the USDT alone, and BTC named as not included.
    expect((await screen.findByTestId("my-equity")).textContent).toBe("1,244.5 USDT");
    expect(screen.getByTestId("valuation-note").getAttribute("data-asset")).toBe("BTC");
    expect(screen.getByTestId("valuation-note").getAttribute("data-state")).toBe("missing");
    const now = new Date().toISOString();
    await act(async () => {
      await database().tickers.put({
        symbol: "BTC/USDT",
        last: "50000",
        open24h: "50000",
        high24h: "50000",
        low24h: "50000",
        change24h: "0",
        volume24h: "1",
        ts: now,
        seq: "1",
        receivedAt: now,
      });
    });
    // 1244.5 + 0.00012345 × 50000 = 1250.6725, the server's USDT-only equityUsd not used.
    await waitFor(() =>
      expect(screen.getByTestId("my-equity").getAttribute("data-total")).toBe("1250.6725"),
    );
    expect(screen.getByTestId("my-equity").textContent).toBe("1,250.6725 USDT");
    expect(screen.queryByTestId("valuation-note")).toBeNull();
    fireEvent.click(screen.getByTestId("my-tab-others"));
    expect(screen.getByTestId("my-other-value").getAttribute("data-value")).toBe("6.1725");
  });

  it("shows the stored overview: USDT, loan, other balances", async () => {
    await saveAssetsOverview(USER, overview);
    await mount();
    await screen.findByTestId("my-equity");
    expect(screen.getByTestId("my-usdt-available").textContent).toBe("1,234.5 USDT");
    expect(screen.getByTestId("my-usdt-frozen").textContent).toBe("10 USDT");
    expect(screen.getByTestId("my-loan").textContent).toBe("0 — lending is not offered");
    fireEvent.click(screen.getByTestId("my-tab-others"));
    const others = screen.getAllByTestId("my-other-balance");
    expect(others.map((row) => row.textContent)).toEqual(["BTC0.000123450—"]);
  });

  it("offers demo funds in demo mode only", async () => {
    await writeSyncValue(SYNC_KEYS.systemFacts, { domain: "x", country: "x", mode: "production" });
    await mount();
    await screen.findByTestId("my-no-overview");
    expect(screen.queryByTestId("demo-credit")).toBeNull();
    cleanup();

    await writeSyncValue(SYNC_KEYS.systemFacts, { domain: "x", country: "x", mode: "demo" });
    await mount();
    await waitFor(() => expect(screen.getByTestId("demo-credit")).toBeTruthy());
    expect(screen.getByTestId("demo-credit").textContent).toContain("demo funds");
  });
});
