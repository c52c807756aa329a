// /options' buying against IndexedDB and a stubbed fetch: why buying is disabled (offline, stale
// price, an open option), the confirm sheet's wording and the expected loss, buying (POST with an
// Idempotency-Key, the answer stored at once, the open card and its countdown) and the server's
// PREVIOUS_ORDER_OPEN refusal. The countdown's end and the history: options-history.test.tsx.
// Charts are stubs (uPlot needs a canvas); no sockets.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../db/database";
import { reportReachability } from "../../sync/online";
import {
  optionsOrder,
  putOptionsTicker,
  storeOptionsMarket,
  TICK_HASH,
} from "../../test/options-fixtures";
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
    await storeOptionsMarket("u1");
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
    await putOptionsTicker(30);
    await renderInEnglish(<OptionsScreen />);
    await waitFor(() => expect(byId("options-disabled-reason").dataset["reason"]).toBe("stale"));
    expect(text("options-disabled-reason")).toMatch(
      /^The last price is 3\d s old \(at most 10 s allowed\): buying waits for a fresh price\.$/,
    );
    expect(upEnabled()).toBe(false);
    await act(async () => putOptionsTicker(0));
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
          hash: TICK_HASH,
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
});
