// /options against IndexedDB and a stubbed fetch: why buying is disabled (offline, stale price,
// an open option), the confirm sheet's wording and the expected loss, buying (POST with an
// Idempotency-Key, the answer stored at once, the open card and its countdown), the server's
// PREVIOUS_ORDER_OPEN refusal, and the history rendered from IndexedDB. Charts are stubs (uPlot
// needs a canvas); no sockets.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OptionsOrder, OptionsProduct } from "../../../protocol/options";
import { saveAssetsOverview } from "../../db/account-data";
import { database } from "../../db/database";
import { saveOptionsProducts } from "../../db/options-data";
import { reportReachability } from "../../sync/online";
import { renderInEnglish, signInAs, useScreenTest } from "../../test/screen-test";
import { OptionsScreen } from "./options-screen";
import { forgetReceivedLines } from "./price-line";
import { answer, clearSent, sent } from "../../test/fake-server";

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

const ok = (path: RegExp, data: unknown) => ({
  path,
  status: 200,
  body: { HttpStatusCode: 200, Message: "OK", Data: data },
});
const failure = (path: RegExp, status: number, code: string, message: string) => ({
  path,
  status,
  body: { HttpStatusCode: status, Message: message, Code: code, Data: null },
});

const PRODUCTS: OptionsProduct[] = [
  { seconds: 30, payoutRate: "0.8", minAmount: "1", maxAmount: "1000", feeRate: "0.01" },
  { seconds: 60, payoutRate: "0.85", minAmount: "1", maxAmount: "1000", feeRate: "0.01" },
];

const TICK = "a".repeat(64);

function optionsOrder(patch: Partial<OptionsOrder> = {}): OptionsOrder {
  const time = new Date(Date.now() - 1_000);
  return {
    id: "op1",
    symbol: "BTC/USDT",
    direction: "up",
    seconds: 60,
    number: "10",
    fee: "0.1",
    payoutRate: "0.85",
    buyPrice: null,
    sellPrice: null,
    profit: null,
    result: null,
    entryTick: null,
    exitTick: null,
    time: time.toISOString(),
    expiresAt: new Date(time.getTime() + 60_000).toISOString(),
    settledAt: null,
    reason: null,
    ...patch,
  };
}

async function putTicker(secondsAgo = 0) {
  const at = new Date(Date.now() - secondsAgo * 1000).toISOString();
  await database().tickers.put({
    symbol: "BTC/USDT",
    last: "67250.10",
    open24h: "66000.00",
    high24h: "67900.00",
    low24h: "65800.00",
    change24h: "1.89",
    volume24h: "1234.5",
    ts: at,
    seq: "977",
    receivedAt: new Date().toISOString(),
  });
}

const byId = (testId: string) => screen.getByTestId(testId);
const text = (testId: string) => byId(testId).textContent;
const type = (testId: string, value: string) =>
  fireEvent.input(byId(testId), { target: { value } });
const click = (testId: string) => act(async () => fireEvent.click(byId(testId)));
const upEnabled = () => !(byId("options-up") as HTMLButtonElement).disabled;

async function mountReady() {
  await renderInEnglish(<OptionsScreen />);
  await waitFor(() => expect(upEnabled()).toBe(true));
  await waitFor(() => expect(text("options-available")).toBe("Available: 101 USDT"));
}

describe("<OptionsScreen>", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs("u1");
    clearSent();
    forgetReceivedLines();
    answer();
    reportReachability(true);
    await saveAssetsOverview("u1", {
      balances: [{ asset: "USDT", available: "101", frozen: "0" }],
      usdt: { available: "101", frozen: "0", withdrawing: "0", withdrawn: "0" },
      income: { today: "0", yesterday: "0", total: "0" },
      creditLevel: 1,
      loan: "0",
      equityUsd: "101",
    });
    await saveOptionsProducts(PRODUCTS);
    await putTicker();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the products, the expected loss, the house and the risk, and fills max less the fee", async () => {
    await mountReady();
    expect(text("options-product-30")).toBe("30 sec80 % payout");
    expect(text("options-product-60")).toBe("60 sec85 % payout");
    // 30 s: (1 − 0.8) / 2 + 0.01 = 11 %.
    expect(text("options-ev")).toMatch(/^On average you lose 11 % of each stake/);
    await click("options-product-60");
    expect(text("options-ev")).toMatch(/^On average you lose 8.5 % of each stake/);
    expect(text("options-house")).toContain("Quanta (the house) is the counterparty");
    expect(text("risk-warning")).toContain("you can lose all of your stake");
    expect(text("price-high24h")).toBe("67,900.00");
    expect(text("price-low24h")).toBe("65,800.00");
    await click("options-max");
    // 101 covers a 100 stake and its 1 % fee.
    expect((byId("options-amount") as HTMLInputElement).value).toBe("100");
    await click("options-quick-50");
    expect((byId("options-amount") as HTMLInputElement).value).toBe("50");
    type("options-amount", "101");
    await click("options-up");
    expect(byId("options-amount").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/Insufficient available balance: 101 USDT available/)).toBeTruthy();
    expect(screen.queryByTestId("options-confirm-sheet")).toBeNull();
  });

  it("is disabled offline, and says why", async () => {
    await mountReady();
    act(() => reportReachability(false));
    await waitFor(() => expect(upEnabled()).toBe(false));
    expect((byId("options-down") as HTMLButtonElement).disabled).toBe(true);
    expect(text("options-disabled-reason")).toBe(
      "You are offline. Options are bought only with a connection to the server.",
    );
    act(() => reportReachability(true));
    await waitFor(() => expect(screen.queryByTestId("options-disabled-reason")).toBeNull());
  });

  it("is disabled while the last price is stale, and says how old", async () => {
    await putTicker(30);
    await renderInEnglish(<OptionsScreen />);
    await waitFor(() => expect(byId("options-disabled-reason").dataset["reason"]).toBe("stale"));
    expect(text("options-disabled-reason")).toMatch(
      /^The last price is 3\d s old \(at most 10 s allowed\): buying waits for a fresh price\.$/,
    );
    expect(upEnabled()).toBe(false);
    await act(async () => putTicker(0));
    await waitFor(() => expect(upEnabled()).toBe(true));
  });

  it("words the confirm sheet, buys with an Idempotency-Key and shows the open option counting down", async () => {
    answer(
      ok(/\/options\/orders$/, optionsOrder()),
      ok(/\/market\/ticks/, [
        {
          symbol: "BTC/USDT",
          seq: "978",
          price: "67251.00",
          ts: new Date().toISOString(),
          hash: TICK,
        },
      ]),
    );
    await mountReady();
    await click("options-product-60");
    type("options-amount", "10");
    await click("options-up");
    expect(text("options-confirm-terms")).toBe(
      "If BTC is above 67,250.10 in 60 s you receive 18.50 USDT; otherwise you lose 10 USDT; fee 0.10",
    );
    expect(text("options-confirm-rule")).toContain("the first recorded tick after the server");
    expect(text("options-confirm-rule")).toContain("If they are equal, your stake is returned");
    expect(text("options-confirm-house")).toContain("Quanta (the house) is your counterparty");
    await click("options-back");
    await click("options-down");
    expect(text("options-confirm-terms")).toBe(
      "If BTC is below 67,250.10 in 60 s you receive 18.50 USDT; otherwise you lose 10 USDT; fee 0.10",
    );
    expect(sent).toEqual([]);
    await click("options-confirm");
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent[0]).toMatchObject({
      method: "POST",
      url: expect.stringMatching(/\/api\/v1\/options\/orders$/),
      body: { symbol: "BTC/USDT", direction: "down", seconds: 60, amount: "10" },
    });
    expect(sent[0]?.key).toMatch(/.{16,}/);
    await waitFor(async () =>
      expect(await database().optionsOrders.get("op1")).toMatchObject({ userId: "u1" }),
    );
    expect(screen.queryByTestId("options-confirm-sheet")).toBeNull();
    // The open card counts down to expiresAt; buying waits until it settles.
    await screen.findByTestId("options-open-order");
    expect(text("options-countdown")).toMatch(/^0:5\d$/);
    expect(text("options-disabled-reason")).toBe("Please complete the previous order first");
    expect(upEnabled()).toBe(false);
    // Its entry: the first recorded tick after acceptance, from the public tick record.
    await waitFor(() => expect(text("options-open-entry")).toBe("67,251.00 (tick #978)"), {
      timeout: 3_000,
    });
    expect(byId("options-chart").dataset["level"]).toBe("67251.00");
  });

  it("counts down to zero and then waits for the settlement", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const time = new Date(Date.now() - 25_000);
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
      await waitFor(() => expect(text("options-countdown")).toMatch(/^0:0[45]$/));
      expect(text("options-last-result")).toBe("Won +8.5 USDT");
      expect(screen.getAllByTestId("options-history-item")).toHaveLength(1);
      await act(async () => vi.advanceTimersByTimeAsync(6_000));
      expect(text("options-countdown")).toBe("0:00");
      expect(byId("options-countdown").dataset["expired"]).toBe("true");
      expect(text("options-open-order")).toContain("settling…");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's PREVIOUS_ORDER_OPEN refusal in the seed's words", async () => {
    answer(
      failure(
        /\/options\/orders$/,
        422,
        "PREVIOUS_ORDER_OPEN",
        "Please complete the previous order first",
      ),
    );
    await mountReady();
    type("options-amount", "10");
    await click("options-up");
    await click("options-confirm");
    expect(await screen.findByTestId("options-error")).toHaveProperty(
      "textContent",
      "Please complete the previous order first",
    );
    expect(await database().optionsOrders.count()).toBe(0);
    // Trying again is the same attempt: the same Idempotency-Key, so it can never buy twice.
    await click("options-confirm");
    await waitFor(() => expect(sent.filter((r) => r.method === "POST")).toHaveLength(2));
    const keys = sent.filter((r) => r.method === "POST").map((r) => r.key);
    expect(keys[1]).toBe(keys[0]);
  });

  it("renders the history from IndexedDB, offline, with results, prices and ticks", async () => {
    const tick = (seq: string, price: string) => ({
      seq,
      price,
      ts: "2026-01-01T00:00:01.000Z",
      hash: TICK,
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
