// The panel's wiring: which topics it watches, its empty state, and loading older candles. The
// charts themselves are stubs here (uPlot needs a canvas and matchMedia, which jsdom lacks).
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import Dexie from "dexie";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, database, DB_NAME, type CandleRow } from "../../db/database";
import { messages as en } from "../../locales/en/messages.po";
import type { CandlestickChartProps } from "../charts/candlestick-chart";
import { MarketChartPanel } from "./market-chart-panel";

const feeds = vi.hoisted(() => ({
  unwatch: vi.fn(),
  watchMarket: vi.fn(),
  loadOlderCandles: vi.fn(),
}));
vi.mock("../../sync/feeds", () => ({
  watchMarket: feeds.watchMarket,
  loadOlderCandles: feeds.loadOlderCandles,
}));

const chart = vi.hoisted(() => ({ props: null as CandlestickChartProps | null }));
vi.mock("../charts/candlestick-chart", () => ({
  CandlestickChart: (props: CandlestickChartProps) => {
    chart.props = props;
    return (
      <div data-testid="market-chart" data-candles={props.candles.length}>
        <button type="button" onClick={() => props.onReachStart?.()}>
          reach start
        </button>
      </div>
    );
  },
}));
vi.mock("../charts/depth-chart", () => ({
  DepthChart: () => <div data-testid="depth-chart" />,
}));

const candle = (minute: number): CandleRow => ({
  symbol: "BTC/USDT",
  interval: "1m",
  openTime: new Date(Date.UTC(2025, 2, 5, 14, minute)).toISOString(),
  o: "65000.5",
  h: "65010",
  l: "64990.25",
  c: "65001",
  v: "1.5",
});

function mount() {
  return render(
    <I18nProvider i18n={i18n}>
      <MarketChartPanel symbol="BTC/USDT" />
    </I18nProvider>,
  );
}

describe("<MarketChartPanel>", () => {
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: en }));
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
    feeds.watchMarket.mockReset().mockReturnValue(feeds.unwatch);
    feeds.unwatch.mockReset();
    feeds.loadOlderCandles.mockReset();
    chart.props = null;
  });
  afterEach(cleanup);

  it("watches the candles and the depth of its symbol and waits for data", async () => {
    mount();
    expect(await screen.findByText("Waiting for market data…")).toBeTruthy();
    expect(feeds.watchMarket).toHaveBeenCalledWith({
      kind: "kdata",
      symbol: "BTC/USDT",
      interval: "1m",
    });
    expect(feeds.watchMarket).toHaveBeenCalledWith({ kind: "depth", symbol: "BTC/USDT" });
  });

  it("switches the watched interval with the tabs and stops watching the old one", async () => {
    mount();
    await screen.findByText("Waiting for market data…");
    const before = feeds.unwatch.mock.calls.length;
    fireEvent.click(screen.getByTestId("interval-1h"));
    await waitFor(() =>
      expect(feeds.watchMarket).toHaveBeenCalledWith({
        kind: "kdata",
        symbol: "BTC/USDT",
        interval: "1h",
      }),
    );
    expect(feeds.unwatch.mock.calls.length).toBe(before + 1);
    expect(screen.getByTestId("interval-1h").getAttribute("aria-selected")).toBe("true");
  });

  it("hands the stored candles to the chart, with the price scale they are written at", async () => {
    await database().candles.bulkPut([candle(0), candle(1), candle(2)]);
    mount();
    await waitFor(() => expect(screen.getByTestId("market-chart").dataset["candles"]).toBe("3"));
    expect(screen.queryByText("Waiting for market data…")).toBeNull();
    expect(chart.props?.priceScale).toBe(2);
    expect(chart.props?.interval).toBe("1m");
  });

  it("loads older candles before the oldest one shown when the user reaches it", async () => {
    await database().candles.bulkPut([candle(10), candle(11)]);
    feeds.loadOlderCandles.mockImplementation(async () => {
      await database().candles.bulkPut([candle(8), candle(9)]);
      return 2;
    });
    mount();
    await waitFor(() => expect(screen.getByTestId("market-chart").dataset["candles"]).toBe("2"));
    await act(async () => fireEvent.click(screen.getByText("reach start")));
    expect(feeds.loadOlderCandles).toHaveBeenCalledWith("BTC/USDT", "1m", candle(10).openTime, 300);
    await waitFor(() => expect(screen.getByTestId("market-chart").dataset["candles"]).toBe("4"));
    // Nothing before 14:08 on the server: asking again at the same place sends no request.
    feeds.loadOlderCandles.mockResolvedValue(0);
    // The first load may still be settling (its rows show before its promise ends), and a
    // reach-start during a load is ignored: reach again until the second request goes out.
    await waitFor(async () => {
      await act(async () => fireEvent.click(screen.getByText("reach start")));
      expect(feeds.loadOlderCandles).toHaveBeenCalledTimes(2);
    });
    await act(async () => fireEvent.click(screen.getByText("reach start")));
    expect(feeds.loadOlderCandles).toHaveBeenCalledTimes(2);
  });
});
