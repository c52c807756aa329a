// /options' orders from IndexedDB: the open option counting down to zero and then waiting for its
// settlement, and the history (results, prices, ticks) rendered offline. Buying:
// options-screen.test.tsx. Charts are stubs (uPlot needs a canvas); no sockets.
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OptionsOrder } from "../../../protocol/options";
import { database } from "../../db/database";
import { reportReachability } from "../../sync/online";
import { answer } from "../../test/fake-server";
import { optionsOrder, storeOptionsMarket, TICK_HASH } from "../../test/options-fixtures";
import { renderInEnglish, signInAs, useScreenTest } from "../../test/screen-test";
import { OptionsScreen } from "./options-screen";
import { forgetReceivedLines } from "./price-line";

vi.mock("../../sync/feeds", () => ({
  watchMarket: () => () => undefined,
  loadOlderCandles: vi.fn(),
}));
vi.mock("../../ui/charts/candlestick-chart", () => ({ CandlestickChart: () => <div /> }));
vi.mock("../../ui/charts/depth-chart", () => ({ DepthChart: () => <div /> }));
vi.mock("../../ui/charts/price-line-chart", () => ({
  PriceLineChart: (props: { level: string | null; points: unknown[] }) => (
    <div data-testid="options-chart" data-level={props.level ?? ""} />
  ),
}));

const byId = (testId: string) => screen.getByTestId(testId);
const text = (testId: string) => byId(testId).textContent;

describe("<OptionsScreen> orders", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs("u1");
    forgetReceivedLines();
    answer();
    reportReachability(true);
    await storeOptionsMarket("u1");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("counts down to zero and then waits for the settlement", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // Ten seconds left when stored: the writes and the render below may take several on a busy
      // machine, and the countdown shows whatever is left by then.
      const time = new Date(Date.now() - 20_000);
      await database().optionsOrders.put({
        ...optionsOrder({
          seconds: 30,
          time: time.toISOString(),
          expiresAt: new Date(time.getTime() + 30_000).toISOString(),
        }),
        userId: "u1",
      });
      // An older settled one: the latest result card skips the open option for it.
      await database().optionsOrders.put({
        ...optionsOrder({
          id: "old",
          time: "2026-01-01T00:00:00.000Z",
          result: "win",
          profit: "8.5",
        }),
        userId: "u1",
      });
      await renderInEnglish(<OptionsScreen />);
      await waitFor(() => expect(text("options-countdown")).toMatch(/^0:(0[1-9]|10)$/), {
        timeout: 5_000,
      });
      expect(text("options-last-result")).toBe("Won +8.5 USDT");
      expect(screen.getAllByTestId("options-history-item")).toHaveLength(1);
      await act(async () => vi.advanceTimersByTimeAsync(11_000));
      expect(text("options-countdown")).toBe("0:00");
      expect(byId("options-countdown").dataset["expired"]).toBe("true");
      expect(text("options-open-order")).toContain("settling…");
    } finally {
      vi.useRealTimers();
    }
  });

  it("renders the history from IndexedDB, offline, with results, prices and ticks", async () => {
    const tick = (seq: string, price: string) => ({
      seq,
      price,
      ts: "2026-01-01T00:00:01.000Z",
      hash: TICK_HASH,
    });
    const settled = (id: string, time: string, patch: Partial<OptionsOrder>) => ({
      ...optionsOrder({ id, time, expiresAt: time, settledAt: time, ...patch }),
      userId: "u1",
    });
    await database().optionsOrders.bulkPut([
      settled("w1", "2026-01-01T00:00:00.000Z", {
        result: "win",
        profit: "8.5",
        buyPrice: "67000.00",
        sellPrice: "67010.00",
        entryTick: tick("11", "67000.00"),
        exitTick: tick("40", "67010.00"),
      }),
      settled("l2", "2026-01-02T00:00:00.000Z", {
        direction: "down",
        result: "lose",
        profit: "-10",
        buyPrice: "67000.00",
        sellPrice: "67010.00",
        entryTick: tick("51", "67000.00"),
        exitTick: tick("80", "67010.00"),
      }),
      settled("v3", "2026-01-03T00:00:00.000Z", {
        result: "void",
        profit: "0",
        reason: "no-ticks",
      }),
    ]);
    act(() => reportReachability(false));
    await renderInEnglish(<OptionsScreen />);
    const items = await screen.findAllByTestId("options-history-item");
    expect(items.map((item) => item.dataset["orderId"])).toEqual(["v3", "l2", "w1"]);
    const [voided, lost, won] = items;
    const within = (item: HTMLElement | undefined, id: string) =>
      item?.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(within(won, "options-result")).toBe("Won +8.5 USDT");
    expect(within(won, "options-entry-tick")).toBe("entry #11");
    expect(within(won, "options-exit-tick")).toBe("exit #40");
    expect(won?.textContent).toContain("67,010.00");
    expect(within(lost, "options-result")).toBe("Lost -10 USDT");
    expect(lost?.textContent).toContain("Down");
    expect(within(voided, "options-result")).toBe("Void: stake and fee returned");
    expect(voided?.textContent).toContain("no tick was recorded");
    // The newest result as a card to save.
    expect(text("options-last-result")).toBe("Void: stake and fee returned");
    expect(byId("options-save-image")).toBeTruthy();
    await waitFor(() => expect(text("options-disabled-reason")).toContain("You are offline"));
    act(() => reportReachability(true));
  });
});
