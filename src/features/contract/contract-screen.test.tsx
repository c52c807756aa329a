// /contract's order form against IndexedDB and a stubbed fetch: the estimate is protocol's
// numbers (protocol/contract.ts), the risk warning's move comes from the liquidation rule, the
// percentages are protocol's maxQuantity, the form is disabled offline with the reason, and the
// confirm sheet repeats the estimate and opens the position (POST with an Idempotency-Key, the
// answer stored at once and listed). Charts are stubs (uPlot needs a canvas); no sockets.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  contractFee,
  contractMargin,
  liquidationPrice,
  maxQuantity,
} from "../../../protocol/contract";
import { formatUnits } from "../../../protocol/decimal";
import { priceString, qtyString, rateOf, spotRulesOf } from "../../../protocol/spot-rules";
import { database } from "../../db/database";
import { formatPrice } from "../../lib/format/format-price";
import { reportReachability } from "../../sync/online";
import {
  contractOrder,
  putContractTicker,
  storeContractMarket,
} from "../../test/contract-fixtures";
import { renderInEnglish, signInAs, useScreenTest } from "../../test/screen-test";
import { ContractScreen } from "./contract-screen";
import { answer, clearSent, sent } from "../../test/fake-server";

vi.mock("../../sync/feeds", () => ({
  watchMarket: () => () => undefined,
  loadOlderCandles: vi.fn(),
}));
vi.mock("../../ui/charts/candlestick-chart", () => ({ CandlestickChart: () => <div /> }));
vi.mock("../../ui/charts/depth-chart", () => ({ DepthChart: () => <div /> }));
vi.mock("../../sync/contract-verify-rule", () => ({ verifyContractClose: vi.fn() }));

const ok = (path: RegExp, data: unknown) => ({
  path,
  status: 200,
  body: { HttpStatusCode: 200, Message: "OK", Data: data },
});

const RULES = spotRulesOf({
  symbol: "BTC/USDT",
  base: "BTC",
  quote: "USDT",
  priceStep: "0.01",
  qtyStep: "0.0001",
  minQty: "0.0001",
  minNotional: "5",
});
const FEE = rateOf("0.0005");
const MMR = rateOf("0.005");
const usdt = (units: bigint) => formatUnits(units, 6);
const en = (value: string) => formatPrice(value, "en");

const byId = (testId: string) => screen.getByTestId(testId);
const text = (testId: string) => byId(testId).textContent;
const type = (testId: string, value: string) =>
  fireEvent.input(byId(testId), { target: { value } });
const click = (testId: string) => act(async () => fireEvent.click(byId(testId)));
const submitEnabled = () => byId("contract-form").querySelector("fieldset")?.disabled === false;

async function mountReady() {
  await renderInEnglish(<ContractScreen />);
  await waitFor(() => expect(submitEnabled()).toBe(true));
  await waitFor(() => expect(text("contract-available")).toBe("Available: 1,000 USDT"));
}

describe("<ContractScreen> order form", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs("u1");
    clearSent();
    answer();
    reportReachability(true);
    await storeContractMarket("u1");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("estimates margin, fee and liquidation with protocol's rules, at the best price", async () => {
    await mountReady();
    expect(text("contract-house-notice")).toContain("Quanta (the house) is the counterparty");
    expect(text("contract-house-notice")).toContain("0.05 % of the value when a position opens");
    expect(text("contract-house-notice")).toContain("no funding payments and no hidden charges");
    const options = [...(byId("contract-leverage") as HTMLSelectElement).options];
    expect(options.map((o) => o.value)).toEqual(["1", "2", "3", "5", "10", "20", "50"]);
    expect((byId("contract-leverage") as HTMLSelectElement).value).toBe("10");
    type("contract-quantity", "0.01");
    // A market long is estimated at the best ask, 60,010.00.
    const ask = 60_010_000_000n;
    const qty = 1_000_000n;
    expect(text("contract-estimate-margin")).toBe(usdt(contractMargin(ask, qty, 10, RULES)));
    expect(text("contract-estimate-margin")).toBe("60.01");
    expect(text("contract-estimate-fee")).toBe(usdt(contractFee(ask, qty, FEE, RULES)));
    expect(text("contract-estimate-liquidation")).toBe(
      en(priceString(liquidationPrice("long", ask, 10, MMR, RULES), RULES)),
    );
    // 20×: the rule's liquidation is 4.5 % below the entry (1/20 − 0.5 %), not 5 %.
    fireEvent.change(byId("contract-leverage"), { target: { value: "20" } });
    expect(text("contract-risk-warning")).toBe(
      "At 20×, a 4.5 % move against you loses your whole margin.",
    );
    expect(text("contract-estimate-margin")).toBe(usdt(contractMargin(ask, qty, 20, RULES)));
    // A short is estimated at the best bid; a limit order at its own price.
    await click("contract-direction-short");
    const bid = 59_990_000_000n;
    expect(text("contract-estimate-liquidation")).toBe(
      en(priceString(liquidationPrice("short", bid, 20, MMR, RULES), RULES)),
    );
    await click("contract-type-limit");
    type("contract-price", "61000");
    expect(text("contract-estimate-liquidation")).toBe(
      en(priceString(liquidationPrice("short", 61_000_000_000n, 20, MMR, RULES), RULES)),
    );
  });

  it("fills 25–100 % of what the available USDT allows, in the coin or as a USDT value", async () => {
    await mountReady();
    const all = maxQuantity(1_000_000_000n, 60_010_000_000n, 10, { feeRate: FEE, mmr: MMR }, RULES);
    await click("contract-percent-100");
    const input = () => (byId("contract-quantity") as HTMLInputElement).value;
    expect(input()).toBe(qtyString(all, RULES));
    await click("contract-percent-50");
    expect(input()).toBe(qtyString((all / 2n / RULES.qtyStep) * RULES.qtyStep, RULES));
    await click("contract-quantity-unit");
    type("contract-quantity", "600.1");
    expect(text("contract-quantity-converted")).toBe("≈ 0.0100 BTC");
    expect(text("contract-estimate-margin")).toBe("60.01");
    // Beyond the balance: named next to the field, nothing is sent.
    type("contract-quantity", "20000");
    await click("contract-submit");
    expect(screen.getByText(/^Insufficient available balance: 1,000 USDT available/)).toBeTruthy();
    expect(screen.queryByTestId("contract-confirm")).toBeNull();
  });

  it("lets the limit price follow the market until the field takes focus, then holds it", async () => {
    await mountReady();
    await click("contract-type-limit");
    const price = () => (byId("contract-price") as HTMLInputElement).value;
    expect(price()).toBe("60000.00");
    await act(() => putContractTicker("60100.00"));
    await waitFor(() => expect(price()).toBe("60100.00"));
    // A tick under a focused field would move its caret: what the user types next lands beside it.
    await act(async () => fireEvent.focus(byId("contract-price")));
    await act(() => putContractTicker("60200.00"));
    await waitFor(() => expect(text("price-last")).toBe("60,200.00"));
    expect(price()).toBe("60100.00");
  });

  it("names targets on the wrong side as the server's TARGET_INVALID refusal does", async () => {
    await mountReady();
    type("contract-quantity", "0.01");
    // A 10× long at the best ask 60,010: liquidation 54,309.05.
    type("contract-tp", "60000");
    type("contract-sl", "54000");
    await click("contract-submit");
    expect(
      screen.getByText("The take-profit must be above the entry price 60,010.00."),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "The stop-loss must be above the liquidation price 54,309.05: below it the position is liquidated first.",
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId("contract-confirm")).toBeNull();
  });

  it("is disabled offline, and says why", async () => {
    await mountReady();
    act(() => reportReachability(false));
    await waitFor(() => expect(submitEnabled()).toBe(false));
    expect(text("contract-offline-reason")).toBe(
      "You are offline. Contract orders are placed only with a connection to the server.",
    );
    act(() => reportReachability(true));
    await waitFor(() => expect(screen.queryByTestId("contract-offline-reason")).toBeNull());
  });

  it("confirms the same numbers, opens the position with an Idempotency-Key and lists it", async () => {
    answer(ok(/\/contract\/orders$/, contractOrder({ id: "p9" })));
    await mountReady();
    type("contract-quantity", "0.01");
    type("contract-tp", "65000");
    const form = ["margin", "fee", "liquidation"].map((f) => text(`contract-estimate-${f}`));
    await click("contract-submit");
    const confirm = ["margin", "fee", "liquidation"].map((f) => text(`contract-confirm-${f}`));
    expect(confirm).toEqual(form);
    expect(text("contract-confirm-basis")).toMatch(/^Estimated at the best ask now/);
    expect(text("contract-confirm-risk")).toBe(
      "At 10×, a 9.5 % move against you loses your whole margin.",
    );
    expect(sent).toEqual([]);
    await click("contract-confirm-ok");
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent[0]).toMatchObject({
      method: "POST",
      url: expect.stringMatching(/\/api\/v1\/contract\/orders$/),
      body: {
        symbol: "BTC/USDT",
        direction: "long",
        leverage: 10,
        quantity: "0.0100",
        type: 0,
        takeProfit: "65000",
      },
    });
    expect(sent[0]?.key).toMatch(/.{16,}/);
    await waitFor(() => expect(screen.queryByTestId("contract-confirm")).toBeNull());
    const position = await screen.findByTestId("contract-position-p9");
    expect(position.querySelector('[data-testid="contract-position-margin"]')?.textContent).toBe(
      confirm[0],
    );
    expect(
      position.querySelector('[data-testid="contract-position-liquidation"]')?.textContent,
    ).toBe(confirm[2]);
    expect(await database().contractOrders.get("p9")).toMatchObject({ userId: "u1" });
  });

  it("words a refusal from its code and params, and retries with the same key", async () => {
    const refusal = {
      path: /\/contract\/orders$/,
      status: 422,
      body: {
        HttpStatusCode: 422,
        Message: "Insufficient balance",
        Code: "INSUFFICIENT_BALANCE",
        Params: { asset: "USDT", available: "10", needed: "60.31005" },
        Data: null,
      },
    };
    answer(refusal, { ...refusal });
    await mountReady();
    type("contract-quantity", "0.01");
    await click("contract-submit");
    await click("contract-confirm-ok");
    expect((await screen.findByTestId("contract-error")).textContent).toBe(
      "Insufficient available balance: 10 USDT available, 60.31005 USDT needed.",
    );
    await click("contract-confirm-ok");
    await waitFor(() => expect(sent.filter((r) => r.method === "POST")).toHaveLength(2));
    const keys = sent.filter((r) => r.method === "POST").map((r) => r.key);
    expect(keys[1]).toBe(keys[0]);
    expect(await database().contractOrders.count()).toBe(0);
  });
});
