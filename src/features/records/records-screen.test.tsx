import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Bill } from "../../../protocol";
import { database } from "../../db/database";
import { BILL_PAGE_SIZE } from "../../db/queries/bills";
import { useScreenTest, signInAs, renderInEnglish } from "../../test/screen-test";
import { RecordsScreen } from "./records-screen";

const USER = "u1";

function bill(n: number, over: Partial<Bill> = {}) {
  return {
    id: String(n),
    userId: USER,
    type: 106 as const,
    asset: "USDT",
    amount: "1000",
    balanceAfter: String(1000 * n),
    ref: { kind: "demo-credit", id: String(n) },
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    ...over,
  };
}

async function mount() {
  await renderInEnglish(<RecordsScreen />);
}

describe("<RecordsScreen>", () => {
  useScreenTest();
  beforeEach(async () => {
    signInAs(USER);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says so when there are no records", async () => {
    await mount();
    expect(await screen.findByTestId("bills-empty")).toBeTruthy();
    expect(screen.queryAllByTestId("bill-row")).toHaveLength(0);
  });

  it("lists the user's bills newest first with label, signed amount and balance, and loads more", async () => {
    const rows = Array.from({ length: BILL_PAGE_SIZE + 3 }, (_, i) => bill(i + 1));
    rows.push(bill(99, { type: 201, amount: "-12.5", balanceAfter: "3.25" }));
    rows.push({ ...bill(98), userId: "someone-else" });
    await database().bills.bulkPut(rows);
    await mount();

    await waitFor(() => expect(screen.getAllByTestId("bill-row")).toHaveLength(BILL_PAGE_SIZE));
    const first = screen.getAllByTestId("bill-row")[0];
    expect(first?.dataset["id"]).toBe("99");
    expect(first?.textContent).toContain("Withdrawal freeze");
    expect(first?.textContent).toContain("-12.5 USDT");
    expect(first?.textContent).toContain("3.25 USDT");
    expect(screen.getAllByTestId("bill-row")[1]?.textContent).toContain("+1,000 USDT");
    expect(screen.getAllByTestId("bill-row")[1]?.textContent).toContain("Demo funds");

    fireEvent.click(screen.getByTestId("load-more"));
    await waitFor(() => expect(screen.getAllByTestId("bill-row")).toHaveLength(BILL_PAGE_SIZE + 4));
    expect(screen.queryByTestId("load-more")).toBeNull();
  });

  it("filters by type and asset, with an empty state for a filter that matches nothing", async () => {
    await database().bills.bulkPut([
      bill(1),
      bill(2, { type: 318, asset: "BTC", amount: "0.5" }),
      bill(3, { type: 201, amount: "-5" }),
    ]);
    await mount();
    await waitFor(() => expect(screen.getAllByTestId("bill-row")).toHaveLength(3));

    const type = screen.getByTestId<HTMLSelectElement>("bill-filter-type");
    fireEvent.change(type, { target: { value: "201" } });
    await waitFor(() => expect(screen.getAllByTestId("bill-row")).toHaveLength(1));
    expect(screen.getByTestId("bill-row").dataset["id"]).toBe("3");

    const asset = screen.getByTestId<HTMLSelectElement>("bill-filter-asset");
    // The assets come from their own live query, which may answer after the rows.
    await waitFor(() =>
      expect([...asset.options].map((o) => o.value)).toEqual(["", "BTC", "USDT"]),
    );
    fireEvent.change(asset, { target: { value: "BTC" } });
    expect(await screen.findByTestId("bills-empty")).toBeTruthy();

    fireEvent.change(type, { target: { value: "" } });
    await waitFor(() => expect(screen.getAllByTestId("bill-row")).toHaveLength(1));
    expect(screen.getByTestId("bill-row").dataset["id"]).toBe("2");
  });

  it("exports every bill the filters select as CSV", async () => {
    await database().bills.bulkPut([bill(1), bill(2, { type: 201, amount: "-5" }), bill(3)]);
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:records";
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, "click")
      .mockImplementation(() => undefined);
    await mount();
    await waitFor(() => expect(screen.getAllByTestId("bill-row")).toHaveLength(3));
    fireEvent.change(screen.getByTestId("bill-filter-type"), { target: { value: "106" } });
    await waitFor(() => expect(screen.getAllByTestId("bill-row")).toHaveLength(2));

    fireEvent.click(screen.getByTestId("bills-export"));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const text = await blobs[0]?.text();
    const lines = (text ?? "")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      "id,time,type,label,asset,amount,balanceAfter",
      `3,${bill(3).createdAt},106,Demo funds,USDT,1000,3000`,
      `1,${bill(1).createdAt},106,Demo funds,USDT,1000,1000`,
    ]);
  });
});
