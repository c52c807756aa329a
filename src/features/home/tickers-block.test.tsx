import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { database } from "../../db/database";
import { SYNC_KEYS } from "../../db/sync-state";
import { reportReachability } from "../../sync/online";
import { ticker } from "../../sync/testing/market-fixtures";
import { useScreenTest, renderInEnglish } from "../../test/screen-test";
import { TickersBlock } from "./tickers-block";

const MINUTE = 60_000;

async function store(receivedMsAgo: number) {
  const receivedAt = new Date(Date.now() - receivedMsAgo).toISOString();
  const rows = [
    ["BTC/USDT", "67250.00", "-1.25"],
    ["ETH/USDT", "3480.00", "12.00"],
    ["XRP/USDT", "0.5200", "-10.50"],
    ["DOT/USDT", "7.200", "3.10"],
    ["LINK/USDT", "16.500", "-2.00"],
  ].map(([symbol = "", last, change24h]) => ({
    ...ticker(symbol, { last, change24h }),
    receivedAt,
  }));
  await database().tickers.bulkPut(rows);
  await database().syncState.put({
    key: SYNC_KEYS.marketFreshness("tickers"),
    value: receivedAt,
    updatedAt: receivedAt,
  });
}

async function mount() {
  await renderInEnglish(<TickersBlock />);
  await waitFor(() => expect(screen.getAllByTestId("ticker-row")).toHaveLength(5));
}

const order = () => screen.getAllByTestId("ticker-row").map((row) => row.dataset["symbol"]);

describe("<TickersBlock>", () => {
  useScreenTest();
  beforeEach(async () => {
    reportReachability(true);
  });
  afterEach(() => {
    reportReachability(true);
  });

  it("lists in the shared listing order, and sorts by last price and by change as exact decimals", async () => {
    await store(0);
    await mount();
    expect(order()).toEqual(["BTC/USDT", "ETH/USDT", "XRP/USDT", "DOT/USDT", "LINK/USDT"]);
    // As text, "7.200" would come first and "-1.25" after "-10.50".
    fireEvent.click(screen.getByTestId("tickers-tab-last"));
    expect(order()).toEqual(["BTC/USDT", "ETH/USDT", "LINK/USDT", "DOT/USDT", "XRP/USDT"]);
    fireEvent.click(screen.getByTestId("tickers-tab-change"));
    expect(order()).toEqual(["ETH/USDT", "DOT/USDT", "BTC/USDT", "LINK/USDT", "XRP/USDT"]);
  });

  it("shows the base name, the price at its scale and the signed, coloured change", async () => {
    await store(0);
    await mount();
    const btc = screen.getAllByTestId("ticker-row")[0];
    expect(btc?.textContent).toContain("BTC");
    expect(screen.getAllByTestId("ticker-last").map((cell) => cell.textContent)).toEqual([
      "67,250.00",
      "3,480.00",
      "0.5200",
      "7.200",
      "16.500",
    ]);
    const changes = screen.getAllByTestId("ticker-change");
    expect(changes[0]?.textContent).toBe("-1.25%");
    expect(changes[0]?.className).toBe("q-down");
    expect(changes[1]?.textContent).toBe("+12.00%");
    expect(changes[1]?.className).toBe("q-up");
    // Each row opens its pair on the spot screen.
    expect(btc?.querySelector("a")?.getAttribute("href")).toBe("/spots?symbol=BTCUSDT");
    // Live prices need no age.
    expect(screen.queryByTestId("tickers-age")).toBeNull();
  });

  it("says 'last known prices' and their age when the feed stopped", async () => {
    await store(3 * MINUTE);
    await mount();
    expect(screen.getByTestId("tickers-age").textContent).toBe("Last known prices, 3 minutes ago");
  });

  it("says so offline, with the age", async () => {
    await store(5 * MINUTE);
    reportReachability(false);
    await mount();
    const age = screen.getByTestId("tickers-age");
    expect(age.textContent).toBe("Offline — last known prices, 5 minutes ago");
    expect(age.dataset["offline"]).toBe("true");
  });

  it("is honest when there are no prices yet", async () => {
    await act(async () => {
      render(
        <I18nProvider i18n={i18n}>
          <TickersBlock />
        </I18nProvider>,
      );
    });
    expect(await screen.findByTestId("tickers-empty")).toBeTruthy();
  });
});
