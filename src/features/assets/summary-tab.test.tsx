import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AssetsSummaryRow } from "../../db/queries/assets-summary";
import { saveAccountExtra } from "../../db/account-extras-data";
import { renderAtRoute, signInAs, useScreenTest } from "../../test/screen-test";
import { AssetsScreen } from "./assets-screen";
import { summaryColumns } from "./summary-equity-data";

vi.mock("./summary-equity-chart", () => ({
  SummaryEquityChart: (props: { points: unknown[] }) => (
    <div data-testid="my-equity-chart" data-points={props.points.length} />
  ),
}));

const USER = "u1";
const zero = { today: "0", yesterday: "0", d7: "0", d30: "0", total: "0" };
const summary: Omit<AssetsSummaryRow, "userId" | "readAt"> = {
  income: {
    spot: { today: "1.5", yesterday: "-2", d7: "3", d30: "4", total: "1234.5" },
    contract: zero,
    options: zero,
    plans: { today: "0", yesterday: "5.25", d7: "5.25", d30: "5.25", total: "5.25" },
  },
  equity: [
    ["2026-11-25", "1000"],
    ["2026-11-26", "1010.5"],
  ],
  timeZone: "Asia/Tokyo",
};

describe("/my Summary tab", () => {
  useScreenTest();
  beforeEach(() => signInAs(USER));

  it("says when no summary was read yet, rather than showing zeros", async () => {
    await renderAtRoute("/my", AssetsScreen);
    expect(await screen.findByTestId("my-summary-none")).toBeTruthy();
    expect(screen.queryByTestId("my-equity-chart")).toBeNull();
  });

  it("shows the stored income by product and period, the curve and what they count", async () => {
    await saveAccountExtra("assetsSummaries", USER, summary);
    await renderAtRoute("/my", AssetsScreen);
    await screen.findByTestId("my-summary");
    expect(screen.getByTestId("my-summary-spot-total").textContent).toBe("1,234.5");
    expect(screen.getByTestId("my-summary-spot-yesterday").textContent).toBe("-2");
    expect(screen.getByTestId("my-summary-plans-d30").textContent).toBe("5.25");
    expect(screen.getByTestId("my-summary-income-note").textContent).toContain("Asia/Tokyo");
    expect(screen.getByTestId("my-summary-equity-last").textContent).toBe(
      "1,010.5 USDT at the end of 2026-11-26",
    );
    expect((await screen.findByTestId("my-equity-chart")).getAttribute("data-points")).toBe("2");
    fireEvent.click(screen.getByTestId("my-tab-about"));
    expect(screen.queryByTestId("my-summary")).toBeNull();
    expect(screen.getByTestId("my-about-app-version").textContent).not.toBe("");
  });
});

describe("summaryColumns", () => {
  it("puts each day at its noon UTC and leaves out what is not a number", () => {
    expect(
      summaryColumns([
        ["2026-11-25", "1000.5"],
        ["not a day", "1"],
        ["2026-11-26", "x"],
      ]),
    ).toEqual([[Date.parse("2026-11-25T12:00:00Z") / 1000], [1000.5]]);
  });
});
