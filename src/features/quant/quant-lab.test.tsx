// /intelligent's lab against IndexedDB and a stubbed fetch: a backtest is queued with the
// strategy's published parameter range, cut to the record when the period reaches past it (the
// server's refusal carries the limit), and shown as queued. Fixtures: src/test/quant-fixtures.ts.
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { byId, click, LAB_JOB, SLOW, useQuantScreenTest } from "../../test/quant-fixtures";
import { answer, sent } from "../../test/fake-server";
import { renderInEnglish } from "../../test/screen-test";
import { QuantScreen } from "./quant-screen";

vi.mock("./quant-equity-chart", () => ({
  EquityChart: (props: { points: unknown[]; testId?: string }) => (
    <div data-testid={props.testId} data-points={props.points.length} />
  ),
}));

describe("<QuantScreen> lab", () => {
  useQuantScreenTest();

  it("queues a lab backtest, cut to the record when the period reaches past it, and shows it", async () => {
    const limit = "2026-11-25T12:00:00.000Z";
    const queued = { ...LAB_JOB, id: "bt-new", status: "queued" as const, result: null };
    answer(
      {
        path: /\/quant\/backtests$/,
        status: 400,
        body: {
          HttpStatusCode: 400,
          Message: "Invalid body",
          Code: "VALIDATION",
          Params: { field: "from", rule: "at-least", limit },
          Data: null,
        },
      },
      {
        path: /\/quant\/backtests$/,
        status: 200,
        body: { HttpStatusCode: 200, Message: "OK", Data: { id: "bt-new", status: "queued" } },
      },
      {
        path: /\/quant\/backtests\/bt-new$/,
        status: 200,
        body: { HttpStatusCode: 200, Message: "OK", Data: queued },
      },
    );
    await renderInEnglish(<QuantScreen />);
    await click("quant-tab-lab");
    // The form paints before the strategy catalogue's parameters are read from the device.
    const fast = await screen.findByTestId("quant-lab-param-fastPeriod", {}, SLOW);
    expect((fast as HTMLInputElement).value).toBe("12");
    // Out of the published range: not sent.
    fireEvent.input(byId("quant-lab-param-fastPeriod"), { target: { value: "99" } });
    expect((byId("quant-lab-run") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(byId("quant-lab-param-fastPeriod"), { target: { value: "8" } });
    await click("quant-lab-run");
    const job = await screen.findByTestId("quant-job-bt-new", {}, SLOW);
    expect(within(job).getByTestId("quant-job-state").textContent).toBe("Queued");
    const posts = sent.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toMatchObject({
      strategy: "trend-following",
      symbol: "BTC/USDT",
      interval: "1h",
      params: { fastPeriod: 8 },
    });
    expect(posts[1]?.body).toMatchObject({
      from: limit,
      to: (posts[0]?.body as { to: string }).to,
    });
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
  });
});
