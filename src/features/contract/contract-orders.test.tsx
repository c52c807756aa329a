// /contract's lists against IndexedDB and a stubbed fetch: positions render offline from the
// stored orders with pnl, ROE (pnl / margin), margin and the distance to liquidation at the
// last price; closing confirms first and posts the close; a waiting order cancels; targets are
// sent both at once; the history names the tick that liquidated a position and verifies it.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../db/database";
import { reportReachability } from "../../sync/online";
import { checkContractClose } from "../../sync/contract-verify-rule";
import {
  contractOrder,
  putContractTicker,
  storeContractMarket,
} from "../../test/contract-fixtures";
import { answer as answerEach, clearSent, sent } from "../../test/fake-server";
import { renderInEnglish, signInAs, useScreenTest } from "../../test/screen-test";
import { ContractScreen } from "./contract-screen";

vi.mock("../../sync/feeds", () => ({
  watchMarket: () => () => undefined,
  loadOlderCandles: vi.fn(),
}));
vi.mock("../../ui/charts/candlestick-chart", () => ({ CandlestickChart: () => <div /> }));
vi.mock("../../ui/charts/depth-chart", () => ({ DepthChart: () => <div /> }));
// The verifier is protocol's (tested with it); here: that Verify reads the public ticks through
// the app's API and words its report.
vi.mock("../../sync/contract-verify-rule", () => ({ checkContractClose: vi.fn() }));

/** The server answers each request with the next reply whose URL matches, as a 200 envelope. */
const answer = (...replies: { path: RegExp; data: unknown }[]) =>
  answerEach(
    ...replies.map(({ path, data }) => ({
      path,
      status: 200,
      body: { HttpStatusCode: 200, Message: "OK", Data: data },
    })),
  );

const byId = (testId: string) => screen.getByTestId(testId);
const click = (testId: string) => act(async () => fireEvent.click(byId(testId)));
const inside = (item: HTMLElement, testId: string) => within(item).getByTestId(testId).textContent;

describe("<ContractScreen> lists", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs("u1");
    clearSent();
    answer();
    reportReachability(true);
    await storeContractMarket("u1");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("renders positions offline from IndexedDB with live pnl, ROE and distance", async () => {
    await database().contractOrders.put({ ...contractOrder(), userId: "u1" });
    // 0.01 BTC from 60,010 to 61,210: +12 USDT on a 60.01 margin.
    await putContractTicker("61210.00");
    act(() => reportReachability(false));
    await renderInEnglish(<ContractScreen />);
    const item = await screen.findByTestId("contract-position-c1");
    await waitFor(() => expect(inside(item, "contract-position-pnl")).toBe("+12"));
    expect(inside(item, "contract-position-roe")).toBe("+19.99");
    expect(inside(item, "contract-position-margin")).toBe("60.01");
    expect(inside(item, "contract-position-liquidation")).toBe("54,309.05");
    // (61,210 − 54,309.05) / 61,210 = 11.27 %.
    expect(inside(item, "contract-position-distance")).toContain(
      "11.27 % from the liquidation price",
    );
    expect(
      (within(item).getByTestId("contract-position-close") as HTMLButtonElement).disabled,
    ).toBe(true);
    // A loss: 60,010 → 58,810 is −12 USDT, ROE −19.99…% shown as −20 (toward the house).
    await act(async () => putContractTicker("58810.00"));
    await waitFor(() => expect(inside(item, "contract-position-pnl")).toBe("-12"));
    expect(inside(item, "contract-position-roe")).toBe("-20");
    act(() => reportReachability(true));
  });

  it("closes a position after its confirm sheet", async () => {
    await database().contractOrders.put({ ...contractOrder(), userId: "u1" });
    const closed = contractOrder({
      state: 2,
      closePrice: "60000.00",
      closedAt: "2026-11-26T10:05:00.000Z",
      closeReason: "user",
      pnl: "-0.1",
      closeFee: "0.3",
      fee: "0.60005",
    });
    answer({ path: /\/contract\/orders\/c1\/close$/, data: closed });
    await renderInEnglish(<ContractScreen />);
    const item = await screen.findByTestId("contract-position-c1");
    // The last price is read from IndexedDB after the position: close once it is shown.
    await waitFor(() => expect(inside(item, "contract-position-pnl")).toBe("-0.1"));
    await act(async () => fireEvent.click(within(item).getByTestId("contract-position-close")));
    const sheet = byId("contract-close-confirm");
    // At the last price 60,000: (60,000 − 60,010) × 0.01 = −0.1; fee 0.0005 × 600 = 0.3.
    expect(inside(sheet, "contract-close-pnl")).toBe("-0.1");
    expect(inside(sheet, "contract-close-fee")).toBe("0.3");
    expect(sent).toEqual([]);
    await click("contract-close-ok");
    await waitFor(() => expect(screen.queryByTestId("contract-close-confirm")).toBeNull());
    expect(sent[0]).toMatchObject({ method: "POST", url: expect.stringMatching(/c1\/close$/) });
    await waitFor(async () => expect((await database().contractOrders.get("c1"))?.state).toBe(2));
    await click("contract-tab-history");
    const row = await screen.findByTestId("contract-history-c1");
    expect(inside(row, "contract-history-state")).toBe("Closed by you");
    expect(inside(row, "contract-history-pnl")).toBe("-0.1");
  });

  it("sends both targets at once, an empty one as null", async () => {
    await database().contractOrders.put({
      ...contractOrder({ takeProfit: "65000.00", stopLoss: "58000.00" }),
      userId: "u1",
    });
    answer({
      path: /\/contract\/orders\/c1\/targets$/,
      data: contractOrder({ takeProfit: "66000.00" }),
    });
    await renderInEnglish(<ContractScreen />);
    const item = await screen.findByTestId("contract-position-c1");
    await act(async () => fireEvent.click(within(item).getByTestId("contract-position-targets")));
    fireEvent.input(byId("contract-targets-tp"), { target: { value: "66000" } });
    fireEvent.input(byId("contract-targets-sl"), { target: { value: "" } });
    await click("contract-targets-save");
    await waitFor(() => expect(screen.queryByTestId("contract-targets")).toBeNull());
    expect(sent[0]).toMatchObject({
      method: "PUT",
      body: { takeProfit: "66000", stopLoss: null },
    });
    await waitFor(() => expect(inside(item, "contract-position-levels")).toBe("66,000.00 / none"));
  });

  it("cancels a waiting order", async () => {
    await database().contractOrders.put({
      ...contractOrder({ id: "w1", type: 1, state: 0, openedAt: null, openTickSeq: null }),
      userId: "u1",
    });
    answer({
      path: /\/contract\/orders\/w1$/,
      data: contractOrder({ id: "w1", type: 1, state: 2, closeReason: "cancelled" }),
    });
    await renderInEnglish(<ContractScreen />);
    await click("contract-tab-waiting");
    const item = await screen.findByTestId("contract-waiting-w1");
    expect(inside(item, "contract-waiting-price")).toBe("60,010.00");
    await act(async () => fireEvent.click(within(item).getByTestId("contract-waiting-cancel")));
    await waitFor(() => expect(screen.queryByTestId("contract-waiting-w1")).toBeNull());
    expect(sent[0]).toMatchObject({ method: "DELETE", url: expect.stringMatching(/orders\/w1$/) });
  });

  it("names the tick that liquidated a position, and verifies it from the tick record", async () => {
    const tick = {
      seq: "1042",
      price: "54300.00",
      ts: "2026-11-26T10:09:00.000Z",
      hash: "ab".repeat(32),
    };
    await database().contractOrders.put({
      ...contractOrder({
        id: "l1",
        state: 2,
        closeReason: "liquidation",
        closePrice: "54300.00",
        closedAt: "2026-11-26T10:09:00.500Z",
        pnl: "-60.01",
        closeTick: tick,
      }),
      userId: "u1",
    });
    const served = [{ symbol: "BTC/USDT", ...tick }];
    answer(
      { path: /\/market\/ticks\?/, data: served },
      { path: /\/market\/ticks\?/, data: served },
    );
    const check = vi.mocked(checkContractClose);
    check.mockImplementationOnce(async (_order, source) => {
      await source.ticks({ symbol: "BTC/USDT", from: "2026-11-26T10:00:00.000Z", limit: 1000 });
      return { ok: true, closeSeq: "1042", checkedLinks: 66, pruned: [] };
    });
    check.mockImplementationOnce(async () => ({
      ok: false,
      failures: [{ kind: "earlier-trigger", seq: "1000", trigger: "liquidation" }],
    }));
    // Older than the tick record's retention: the ticks between were pruned, what is left passes.
    check.mockImplementationOnce(async () => ({
      ok: true,
      closeSeq: "1042",
      checkedLinks: 2,
      pruned: [{ afterSeq: "978", nextSeq: "1042" }],
    }));
    await renderInEnglish(<ContractScreen />);
    await click("contract-tab-history");
    const row = await screen.findByTestId("contract-history-l1");
    expect(inside(row, "contract-history-state")).toBe("Liquidated");
    expect(inside(row, "contract-history-pnl")).toBe("-60.01");
    expect(inside(row, "contract-history-tick")).toMatch(/^Closed by tick #1042 at 54,300.00, /);
    await act(async () => fireEvent.click(within(row).getByTestId("contract-history-verify")));
    await waitFor(() =>
      expect(inside(row, "contract-verify-result")).toBe(
        "Verified: tick #1042 closed it, and no tick since the opening did before it (66 links checked).",
      ),
    );
    expect(check.mock.calls[0]?.[0]).toMatchObject({ id: "l1", openTickSeq: "977" });
    // Gaps older than the 24 h retention are expected; newer ones still fail.
    const prunedBefore = check.mock.calls[0]?.[3]?.prunedBefore ?? 0;
    expect(Math.abs(Date.now() - 86_400_000 - prunedBefore)).toBeLessThan(60_000);
    expect(sent[0]?.url).toMatch(/\/api\/v1\/market\/ticks\?symbol=BTC%2FUSDT&from=/);
    await act(async () => fireEvent.click(within(row).getByTestId("contract-history-verify")));
    await waitFor(() =>
      expect(inside(row, "contract-verify-result")).toContain(
        "Tick 1000, before the closing tick, already reached the liquidation level.",
      ),
    );
    const result = () => within(row).getByTestId("contract-verify-result");
    expect(result().getAttribute("data-status")).toBe("failed");
    await act(async () => fireEvent.click(within(row).getByTestId("contract-history-verify")));
    await waitFor(() => expect(result().getAttribute("data-status")).toBe("expired"));
    expect(result().textContent).toBe(
      "The ticks between opening and closing are kept for 24 hours; this close is older, so its opening and closing ticks can still be checked but not every tick between them." +
        "What is still recorded checks out: tick #1042 closed it at its price, with the pnl the rule gives (2 links checked).",
    );
  });
});
