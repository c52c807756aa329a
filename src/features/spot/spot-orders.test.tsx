// The order lists of /spots: open orders with cancel (DELETE, the answer written to IndexedDB at
// once, its failure shown), the history with side, type, price and status, and an order's detail
// with every fill's price, quantity, fee and the market records it used.
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SpotOrder } from "../../../protocol/spot";
import { database } from "../../db/database";
import { messages as en } from "../../locales/en/messages.po";
import { reportReachability } from "../../sync/online";
import { SpotOrders } from "./spot-orders";
import { freshDevice, openSpotOrder } from "../../db/sync-test-fixtures";

const requests: { method: string; url: string }[] = [];
function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      requests.push({ method: input.method, url: input.url });
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

const base: SpotOrder = {
  ...openSpotOrder,
  id: "open1",
  side: 1,
  price: "65000.00",
  number: "0.02",
  createdAt: "2026-01-03T00:00:00Z",
};
const filled: SpotOrder = {
  ...base,
  id: "done1",
  side: 0,
  type: 0,
  price: null,
  number: "0.03",
  filled: "0.03",
  avgPrice: "60013.33",
  fee: "1.8004",
  status: "filled",
  createdAt: "2026-01-02T00:00:00Z",
  filledAt: "2026-01-02T00:00:01Z",
  fills: [
    {
      price: "60010.00",
      number: "0.02",
      fee: "1.2002",
      depthSeq: "4411",
      tickSeq: "98765",
      liquidity: "taker",
      time: "2026-01-02T00:00:01Z",
    },
    {
      price: "60020.00",
      number: "0.01",
      fee: "0.6002",
      depthSeq: "4411",
      tickSeq: "98765",
      liquidity: "taker",
      time: "2026-01-02T00:00:01Z",
    },
  ],
};

/** The element, or a failed test when it is missing. */
function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("missing");
  return value;
}

async function mount() {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <SpotOrders userId="u1" symbol="BTC/USDT" />
      </I18nProvider>,
    );
  });
}

describe("<SpotOrders>", () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    i18n.loadAndActivate({ locale: "en", messages: en });
  });
  beforeEach(async () => {
    await freshDevice("u1");
    requests.length = 0;
    reportReachability(true);
    await database().spotOrders.bulkPut([
      { ...base, userId: "u1" },
      { ...filled, userId: "u1" },
      // Another user's order on a shared device is never shown.
      { ...base, id: "theirs", userId: "u2" },
    ]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("cancels an open order: DELETE, then the answer is stored and it leaves the open list", async () => {
    const cancelled = { ...base, status: "cancelled", cancelledAt: "2026-01-03T00:05:00Z" };
    answer(200, { HttpStatusCode: 200, Message: "OK", Data: cancelled });
    await mount();
    const rows = await screen.findAllByTestId("spot-order");
    expect(rows.map((row) => row.dataset["id"])).toEqual(["open1"]);
    await act(async () => fireEvent.click(within(present(rows[0])).getByTestId("spot-cancel")));
    await waitFor(async () =>
      expect((await database().spotOrders.get("open1"))?.status).toBe("cancelled"),
    );
    expect(requests).toEqual([
      { method: "DELETE", url: expect.stringMatching(/\/api\/v1\/spot\/orders\/open1$/) },
    ]);
    expect(await screen.findByTestId("spot-orders-empty")).toHaveProperty(
      "textContent",
      "No open orders.",
    );
  });

  it("says why a cancel failed and keeps the order", async () => {
    answer(409, {
      HttpStatusCode: 409,
      Message: "The order is not open",
      Code: "CONFLICT",
      Data: null,
    });
    await mount();
    fireEvent.click(await screen.findByTestId("spot-cancel"));
    expect(await screen.findByTestId("spot-cancel-error")).toHaveProperty(
      "textContent",
      "This order changed meanwhile (it may have filled); the list shows its state.",
    );
    expect((await database().spotOrders.get("open1"))?.status).toBe("open");
  });

  it("cannot cancel offline", async () => {
    answer(500, {});
    await mount();
    act(() => reportReachability(false));
    const cancel = (await screen.findByTestId("spot-cancel")) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    expect(cancel.title).toBe("Cancelling needs a connection to the server.");
    reportReachability(true);
  });

  it("lists the history with side, type, average price and quantity, and shows each fill", async () => {
    await mount();
    await act(async () => fireEvent.click(screen.getByTestId("spot-orders-done")));
    const row = present((await screen.findAllByTestId("spot-order"))[0]);
    const inRow = (testId: string) => within(row).getByTestId(testId).textContent;
    expect(row.dataset["id"]).toBe("done1");
    expect(inRow("spot-order-side")).toBe("Buy");
    expect(inRow("spot-order-type")).toBe("Market");
    expect(inRow("spot-order-status")).toBe("Filled");
    expect(inRow("spot-order-price")).toBe("60,013.33");
    expect(inRow("spot-order-number")).toBe("0.03 / 0.03");
    expect(within(row).queryByTestId("spot-cancel")).toBeNull();

    await act(async () => fireEvent.click(within(row).getByTestId("spot-order-toggle")));
    const fills = within(row).getAllByTestId("spot-fill");
    const fill = (index: number, testId: string) =>
      within(present(fills[index])).getByTestId(testId).textContent;
    expect(fills).toHaveLength(2);
    expect(fill(0, "spot-fill-price")).toBe("60,010.00");
    expect(fill(0, "spot-fill-number")).toBe("0.02 BTC");
    expect(fill(0, "spot-fill-fee")).toBe("Fee 1.2002 USDT");
    expect(fill(0, "spot-fill-depth-seq")).toBe("Book snapshot #4411");
    expect(fill(1, "spot-fill-tick-seq")).toBe("Tick #98765");
    expect(fill(1, "spot-fill-price")).toBe("60,020.00");
  });

  it("shows only this market's orders when asked", async () => {
    await database().spotOrders.put({ ...base, id: "eth", symbol: "ETH/USDT", userId: "u1" });
    await mount();
    await waitFor(async () => expect(await screen.findAllByTestId("spot-order")).toHaveLength(2));
    await act(async () => fireEvent.click(screen.getByTestId("spot-orders-this-market")));
    await waitFor(() =>
      expect(screen.getAllByTestId("spot-order").map((row) => row.dataset["id"])).toEqual([
        "open1",
      ]),
    );
  });
});
