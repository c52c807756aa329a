// /spots against IndexedDB and a stubbed fetch: the form's estimates and percentage buttons, why
// it is disabled, the confirm step, placing an order (POST with an Idempotency-Key, the answer
// stored at once, server errors shown). Charts are stubs (uPlot needs a canvas); no sockets.
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SpotOrder } from "../../../protocol/spot";
import { saveAssetsOverview } from "../../db/account-data";
import { database } from "../../db/database";
import { saveSpotConfig } from "../../db/spot-data";
import { messages as en } from "../../locales/en/messages.po";
import { reportReachability } from "../../sync/online";
import { SpotScreen } from "./spot-screen";
import { freshDevice, openSpotOrder } from "../../db/sync-test-fixtures";
import { answer as answerEach, clearSent, sent } from "../../test/fake-server";

vi.mock("../../sync/feeds", () => ({
  watchMarket: () => () => undefined,
  loadOlderCandles: vi.fn(),
}));
vi.mock("../../ui/charts/candlestick-chart", () => ({ CandlestickChart: () => <div /> }));
vi.mock("../../ui/charts/depth-chart", () => ({ DepthChart: () => <div /> }));

/** The server answers each request with the next of these envelopes, whatever its URL. */
const answer = (...replies: { status: number; body: unknown }[]) =>
  answerEach(...replies.map((reply) => ({ path: /(?:)/, ...reply })));
const ok = (data: unknown) => ({
  status: 200,
  body: { HttpStatusCode: 200, Message: "OK", Data: data },
});
const failure = (status: number, code: string, message: string, params?: object) => ({
  status,
  body: {
    HttpStatusCode: status,
    Message: message,
    Code: code,
    Data: null,
    ...(params ? { Params: params } : {}),
  },
});

const order = (patch: Partial<SpotOrder>): SpotOrder => ({
  ...openSpotOrder,
  price: "60000.00",
  ...patch,
});

async function putTicker(secondsAgo = 0, last = "60000.00") {
  const at = new Date(Date.now() - secondsAgo * 1000).toISOString();
  await database().tickers.put({
    symbol: "BTC/USDT",
    last,
    open24h: "58800.00",
    high24h: "60500.00",
    low24h: "58000.00",
    change24h: "2.04",
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
const value = (testId: string) => (byId(testId) as HTMLInputElement).value;
const click = (testId: string) => act(async () => fireEvent.click(byId(testId)));

async function mount() {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <SpotScreen />
      </I18nProvider>,
    );
  });
}

async function mountReady() {
  await mount();
  const fieldset = (await screen.findByTestId("spot-form")).querySelector("fieldset");
  await waitFor(() => expect(fieldset?.disabled).toBe(false));
  await waitFor(() => expect(text("spot-available")).toBe("Available: 1,000 USDT"));
}

describe("<SpotScreen> order form", () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    i18n.loadAndActivate({ locale: "en", messages: en });
  });
  beforeEach(async () => {
    await freshDevice("u1");
    clearSent();
    reportReachability(true);
    await saveAssetsOverview("u1", {
      balances: [
        { asset: "USDT", available: "1000", frozen: "0" },
        { asset: "BTC", available: "0.5", frozen: "0" },
      ],
      usdt: { available: "1000", frozen: "0", withdrawing: "0", withdrawn: "0" },
      income: { today: "0", yesterday: "0", total: "0" },
      creditLevel: 1,
      loan: "0",
      equityUsd: "31000",
    });
    const rules = { quote: "USDT", priceStep: "0.01", qtyStep: "0.0001", minQty: "0.0001" };
    await saveSpotConfig("u1", {
      takerFeeRate: "0.001",
      makerFeeRate: "0.0008",
      maxSlippage: "0.05",
      maxPriceAgeSeconds: 10,
      symbols: [
        { ...rules, symbol: "BTC/USDT", base: "BTC", minNotional: "5" },
        { ...rules, symbol: "ETH/USDT", base: "ETH", minNotional: "5" },
      ],
    });
    await database().depth.put({
      symbol: "BTC/USDT",
      asks: [
        ["60010.00", "0.01"],
        ["60020.00", "1"],
      ],
      bids: [["59990.00", "1"]],
      ts: new Date().toISOString(),
      receivedAt: new Date().toISOString(),
    });
    await putTicker();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("estimates a limit buy as cost + fee and a sell as proceeds − fee, at the last price", async () => {
    await mountReady();
    // The header: the listed symbols, the last price with its 24h change, and the risk warning.
    await click("pair-bar-open");
    const options = screen.getAllByTestId("pair-choice").map((o) => o.dataset.symbol);
    expect(options).toEqual(["BTC/USDT", "ETH/USDT"]);
    await click("sheet-close");
    expect(text("house-counterparty")).toContain("the other side of every trade");
    expect(text("price-last")).toBe("60,000.00");
    expect(text("price-change24h")).toBe("+2.04%");
    expect(text("risk-warning")).toContain("you can lose all of your stake");
    expect(value("spot-price")).toBe("60000.00");
    type("spot-number", "0.01");
    expect(text("spot-estimate-notional")).toBe("600 USDT");
    expect(text("spot-estimate-fee")).toBe("0.48 USDT");
    expect(text("spot-estimate-total")).toBe("600.48 USDT");
    await click("spot-side-sell");
    expect(text("spot-available")).toBe("Available: 0.5 BTC");
    type("spot-number", "0.01");
    type("spot-price", "61000");
    expect(text("spot-estimate-total")).toBe("609.512 USDT");
  });

  it("lets the limit price follow the market until the field takes focus, then holds it", async () => {
    await mountReady();
    expect(value("spot-price")).toBe("60000.00");
    await act(() => putTicker(0, "60100.00"));
    await waitFor(() => expect(value("spot-price")).toBe("60100.00"));
    // A tick under a focused field would move its caret: what the user types next lands beside it.
    await act(async () => fireEvent.focus(byId("spot-price")));
    await act(() => putTicker(0, "60200.00"));
    await waitFor(() => expect(text("price-last")).toBe("60,200.00"));
    expect(value("spot-price")).toBe("60100.00");
  });

  it("fills 25/50/75/100 % of what is available, fee included for a buy", async () => {
    await mountReady();
    await click("spot-percent-25");
    // 250 / (60000 × 1.0008) = 0.00416…, down to the 0.0001 step.
    expect(value("spot-number")).toBe("0.0041");
    await click("spot-percent-100");
    expect(value("spot-number")).toBe("0.0166");
    // A market buy is asked as a total: all of the USDT, which walking the asks (0.01 at 60010,
    // the rest at 60020, with the taker fee) buys 0.0166 BTC.
    await click("spot-type-market");
    await click("spot-percent-100");
    expect(value("spot-total")).toBe("1000");
    expect(text("spot-total-number")).toContain("0.0166 BTC");
    expect(text("spot-estimate-price")).toBe("60,013.98");
    // As the server fills it: 60,013.98 × 0.0166 (price rounded up to the step) + the fee.
    expect(text("spot-estimate-total")).toBe("997.228301 USDT");
    await click("spot-side-sell");
    await click("spot-percent-50");
    expect(value("spot-number")).toBe("0.25");
  });

  it("is disabled offline, and says why", async () => {
    await mountReady();
    act(() => reportReachability(false));
    expect(text("spot-blocked")).toBe(
      "You are offline. Orders are placed only with a connection to the server.",
    );
    expect(byId("spot-form").querySelector("fieldset")?.disabled).toBe(true);
    act(() => reportReachability(true));
    await waitFor(() => expect(screen.queryByTestId("spot-blocked")).toBeNull());
  });

  it("is disabled while the last price is older than the terms allow, and says how old", async () => {
    await putTicker(30);
    await mount();
    await waitFor(() => expect(byId("spot-blocked").dataset["reason"]).toBe("stale"));
    expect(text("spot-blocked")).toMatch(/^The last price is 3\d s old \(at most 10 s allowed\)/);
    expect(byId("spot-form").querySelector("fieldset")?.disabled).toBe(true);
    await act(async () => putTicker(0));
    await waitFor(() => expect(screen.queryByTestId("spot-blocked")).toBeNull());
  });

  it("checks the symbol's steps and the balance before the confirm step", async () => {
    await mountReady();
    type("spot-price", "60000.005");
    type("spot-number", "0.01");
    await click("spot-continue");
    expect(screen.getByText("The price must be a multiple of 0.01.")).toBeTruthy();
    type("spot-price", "60000");
    type("spot-number", "0.00005");
    await click("spot-continue");
    expect(screen.getByText("The quantity must be a multiple of 0.0001.")).toBeTruthy();
    type("spot-number", "0.02");
    await click("spot-continue");
    expect(screen.getByText("Insufficient available balance")).toBeTruthy();
    expect(screen.queryByTestId("spot-confirm-step")).toBeNull();
    expect(sent).toEqual([]);
  });

  it("confirms cost and fee, then places the order and stores the answer at once", async () => {
    answer(ok(order({})));
    await mountReady();
    type("spot-number", "0.01");
    await click("spot-continue");
    expect(text("spot-confirm-order")).toBe("Buy · Limit · BTC/USDT");
    expect(text("spot-confirm-total")).toBe("600.48 USDT");
    expect(text("spot-confirm-fee")).toBe("0.48 USDT");
    expect(text("spot-confirm-terms")).toContain("600.48 USDT is frozen");
    expect(sent).toEqual([]);
    await click("spot-confirm-button");
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: "POST",
      url: expect.stringMatching(/\/api\/v1\/spot\/orders$/),
      body: { symbol: "BTC/USDT", side: 0, type: 1, price: "60000.00", number: "0.01" },
    });
    expect(sent[0]?.key).toMatch(/.{16,}/);
    await waitFor(async () =>
      expect(await database().spotOrders.get("o1")).toMatchObject({ userId: "u1", status: "open" }),
    );
    expect((await screen.findByTestId("spot-outcome")).textContent).toContain(
      "Your limit order is open",
    );
    expect((await screen.findAllByTestId("spot-order")).map((li) => li.dataset["id"])).toEqual([
      "o1",
    ]);
  });

  it("shows the server's refusal and retries the same attempt with the same key", async () => {
    answer(
      failure(422, "INSUFFICIENT_BALANCE", "Insufficient available balance"),
      failure(400, "VALIDATION", "number must be a multiple of 0.0001", {
        field: "number",
        rule: "decimals",
        limit: "4",
      }),
      ok(
        order({
          type: 0,
          price: null,
          status: "rejected",
          reason: "The order book of BTC/USDT has no asks",
          reasonCode: "BOOK_EMPTY",
          reasonParams: { symbol: "BTC/USDT", side: "ask" },
        }),
      ),
    );
    await mountReady();
    await click("spot-type-market");
    // 0.01 costs 600.1 + 0.6001 fee; 0.0101 would cost more than this total.
    type("spot-total", "600.71");
    await click("spot-continue");
    expect(text("spot-confirm-terms")).toContain("more than 5 % worse than the best price");
    await click("spot-confirm-button");
    expect(await screen.findByTestId("spot-error")).toHaveProperty(
      "textContent",
      "Insufficient available balance",
    );
    await click("spot-confirm-button");
    await waitFor(() =>
      expect(text("spot-error")).toBe(
        "The server did not accept the order: “number” has more than 4 decimal places.",
      ),
    );
    await click("spot-confirm-button");
    const outcome = await screen.findByTestId("spot-outcome");
    expect(outcome.querySelector("p")?.textContent).toBe(
      "Rejected, nothing was charged: Nobody is selling BTC/USDT right now: the order book has no asks.",
    );
    expect(sent.map((request) => request.key)).toEqual([sent[0]?.key, sent[0]?.key, sent[0]?.key]);
    expect(sent[0]?.body).toEqual({ symbol: "BTC/USDT", side: 0, type: 0, number: "0.01" });
    expect(await database().spotOrders.get("o1")).toMatchObject({ status: "rejected" });
  });
});
