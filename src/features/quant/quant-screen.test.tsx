// /intelligent's plans against IndexedDB and a stubbed fetch: offline, everything seen renders from
// the device (quota, plans by level with the locked one's level, a plan's recorded backtest with
// its equity curve and assumptions, a plan without one, running and ended plans, a lab result) and
// every online-only action says why it is disabled; the subscribe sheet words the plan's rules as
// the server's refusals and sends with an Idempotency-Key; a running plan's pnl follows the
// ticker. The lab: quant-lab.test.tsx. The equity chart is a stub (uPlot needs a canvas); no
// sockets.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { database } from "../../db/database";
import { reportReachability } from "../../sync/online";
import { putContractTicker } from "../../test/contract-fixtures";
import {
  byId,
  click,
  SLOW,
  subscription,
  text,
  useQuantScreenTest,
} from "../../test/quant-fixtures";
import { answer, sent } from "../../test/fake-server";
import { renderInEnglish } from "../../test/screen-test";
import { QuantScreen } from "./quant-screen";

vi.mock("./quant-equity-chart", () => ({
  EquityChart: (props: { points: unknown[]; testId?: string }) => (
    <div data-testid={props.testId} data-points={props.points.length} />
  ),
}));

describe("<QuantScreen>", () => {
  useQuantScreenTest();

  it("renders offline from IndexedDB, with the reason on every online-only action", async () => {
    reportReachability(false);
    await renderInEnglish(<QuantScreen />);
    await screen.findByTestId("quant-quota", {}, SLOW);
    expect(text("quant-quota-available")).toBe("50");
    expect(text("quant-score")).toBe("Weighted score 120 of 1,000");
    // Plans by level; the level-3 plan is locked and says so; it has no backtest yet.
    const entry = byId("quant-plan-entry");
    expect(within(entry).getByTestId("quant-plan-range").textContent).toBe("10 – 100");
    expect(within(entry).getByTestId("quant-plan-blocked").textContent).toBe(
      "You are offline. This needs a connection to the server.",
    );
    expect((within(entry).getByTestId("quant-plan-subscribe") as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(() => within(entry).getByTestId("quant-plan-result"), SLOW);
    expect(within(entry).getByTestId("quant-return").textContent).toBe("+5.23");
    expect(within(entry).getByTestId("quant-drawdown").textContent).toBe("8.1");
    expect(within(entry).getByTestId("quant-trades-count").textContent).toBe("14");
    expect(
      (await within(entry).findByTestId("quant-plan-result-equity", {}, SLOW)).dataset.points,
    ).toBe("3");
    // Worded by the app from the figures (the server's English texts are for API readers).
    expect(within(entry).getByTestId("quant-assumption-slippage").textContent).toContain(
      "Every fill is 0.05 % worse than its price",
    );
    expect(within(entry).getByTestId("quant-assumption-fill").textContent).toContain(
      "at least 5 % of buying power",
    );
    expect(within(entry).getByTestId("quant-past-results").textContent).toContain(
      "Past results do not predict future ones",
    );
    // A plan trading two symbols says its backtest covers the first only.
    expect(within(entry).queryByTestId("quant-plan-backtest-coverage")).toBeNull();
    expect(
      within(byId("quant-plan-duo")).getByTestId("quant-plan-backtest-coverage").textContent,
    ).toBe("On BTC/USDT only: the plan also trades ETH/USDT, which this backtest does not cover.");
    const locked = byId("quant-plan-grid3");
    expect(within(locked).getByTestId("quant-plan-locked").textContent).toBe(
      "This plan needs credit level 3; yours is 0.",
    );
    expect(within(locked).getByTestId("quant-plan-no-backtest")).toBeTruthy();
    // Running: live pnl from the stored ticker, and stop disabled with the reason.
    await click("quant-tab-running");
    const running = await screen.findByTestId("quant-sub-s1", {}, SLOW);
    expect(within(running).getByTestId("quant-sub-pnl").textContent).toBe("+9.5");
    expect(within(running).getByTestId("quant-stop-blocked").textContent).toBe(
      "You are offline. This needs a connection to the server.",
    );
    expect((within(running).getByTestId("quant-stop") as HTMLButtonElement).disabled).toBe(true);
    // History: booked pnl and how it ended.
    await click("quant-tab-history");
    const ended = await screen.findByTestId("quant-sub-s0", {}, SLOW);
    expect(within(ended).getByTestId("quant-sub-pnl").textContent).toBe("-5.2");
    expect(within(ended).getByTestId("quant-sub-state").textContent).toBe(
      "Stopped at its loss limit",
    );
    // Lab: the stored result; running a backtest says why it cannot.
    await click("quant-tab-lab");
    const job = await screen.findByTestId("quant-job-bt-mine", {}, SLOW);
    expect(within(job).getByTestId("quant-job-state").textContent).toBe("Done");
    expect(
      (await within(job).findByTestId("quant-job-result-equity", {}, SLOW)).dataset.points,
    ).toBe("3");
    expect(text("quant-lab-offline")).toBe(
      "You are offline. This needs a connection to the server.",
    );
    expect((byId("quant-lab-run") as HTMLButtonElement).disabled).toBe(true);
    expect(text("quant-lab-optimise-about")).toContain("parameter search with walk-forward");
    expect(sent).toEqual([]);
  });

  it("words the plan's rules in the subscribe sheet, then subscribes with an Idempotency-Key", async () => {
    const refusal = {
      path: /\/quant\/subscriptions$/,
      status: 422,
      body: {
        HttpStatusCode: 422,
        Message: "Insufficient balance",
        Code: "INSUFFICIENT_BALANCE",
        Params: { asset: "USDT", available: "10", needed: "20" },
        Data: null,
      },
    };
    const started = subscription({ id: "s9", amount: "20", positions: [], realisedPnl: "0" });
    answer(refusal, {
      path: /\/quant\/subscriptions$/,
      status: 200,
      body: { HttpStatusCode: 200, Message: "OK", Data: started },
    });
    await renderInEnglish(<QuantScreen />);
    const entry = await screen.findByTestId("quant-plan-entry", {}, SLOW);
    await act(async () => fireEvent.click(within(entry).getByTestId("quant-plan-subscribe")));
    const sheet = await screen.findByTestId("quant-subscribe", {}, SLOW);
    expect(text("quant-subscribe-hint")).toBe(
      "From 10 to 100 USDT. Your quota leaves 50 USDT; your balance is 500 USDT.",
    );
    expect(text("quant-subscribe-house")).toContain(
      "Quanta (the house) is the counterparty to every trade this plan makes, at the market feed's prices",
    );
    expect(within(sheet).getByTestId("risk-warning")).toBeTruthy();
    const amount = (value: string) =>
      fireEvent.input(byId("quant-subscribe-amount"), { target: { value } });
    amount("5");
    expect(text("quant-subscribe-max-loss")).toContain("loss reaches 5 % of the amount: 0.25 USDT");
    await click("quant-subscribe-ok");
    expect(text("quant-subscribe-error")).toBe("This plan takes from 10 to 100 USDT.");
    amount("80");
    await click("quant-subscribe-ok");
    expect(text("quant-subscribe-error")).toBe("Your plan quota leaves 50 USDT for new plans.");
    expect(sent.filter((r) => r.method === "POST")).toEqual([]);
    // Within the rules: the server refuses the balance, worded; the retry reuses the key.
    amount("20");
    await click("quant-subscribe-ok");
    expect((await screen.findByTestId("quant-subscribe-error", {}, SLOW)).textContent).toBe(
      "Insufficient available balance: 10 USDT available, 20 USDT needed.",
    );
    await click("quant-subscribe-ok");
    await waitFor(() => expect(screen.queryByTestId("quant-subscribe")).toBeNull(), SLOW);
    const posts = sent.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]).toMatchObject({ body: { planId: "entry", amount: "20" } });
    expect(posts[0]?.key).toMatch(/.{16,}/);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    // The answer is stored at once and the running tab shows it.
    expect(await screen.findByTestId("quant-sub-s9", {}, SLOW)).toBeTruthy();
    expect(await database().quantSubscriptions.get("s9")).toMatchObject({ userId: "u1" });
  });

  it("marks a running plan's pnl at the ticker's last price as it moves", async () => {
    await renderInEnglish(<QuantScreen />);
    await click("quant-tab-running");
    const running = await screen.findByTestId("quant-sub-s1", {}, SLOW);
    const pnl = () => within(running).getByTestId("quant-sub-pnl").textContent;
    // −0.5 realised + 0.01 × (61,000 − 60,000).
    expect(pnl()).toBe("+9.5");
    await act(async () => putContractTicker("59000.00"));
    // −0.5 + 0.01 × (59,000 − 60,000).
    await waitFor(() => expect(pnl()).toBe("-10.5"), SLOW);
    expect(within(running).getByTestId("quant-sub-positions").textContent).toContain(
      "last price 59,000.00",
    );
  });
});
