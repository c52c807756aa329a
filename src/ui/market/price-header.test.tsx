import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { database } from "../../db/database";
import { reportReachability } from "../../sync/online";
import { ticker } from "../../sync/testing/market-fixtures";
import { useScreenTest, renderInEnglish } from "../../test/screen-test";
import { PriceHeader, type PriceHeaderProps } from "./price-header";

const MINUTE = 60_000;

async function store(receivedMsAgo: number) {
  const receivedAt = new Date(Date.now() - receivedMsAgo).toISOString();
  await database().tickers.bulkPut([
    {
      ...ticker("BTC/USDT", {
        last: "67250.50",
        high24h: "68000.1",
        low24h: "65000.00",
        change24h: "-1.25",
        volume24h: "1234567.5",
      }),
      receivedAt,
    },
    { ...ticker("ETH/USDT", { last: "3480.25", change24h: "2.50" }), receivedAt },
  ]);
}

async function mount(props: PriceHeaderProps = {}) {
  await renderInEnglish(<PriceHeader {...props} />);
}

describe("<PriceHeader>", () => {
  useScreenTest();
  beforeEach(async () => {
    reportReachability(true);
  });
  afterEach(() => {
    reportReachability(true);
  });

  it("shows BTC/USDT by default: last price, 24 h change, high and low at the price's scale", async () => {
    await store(0);
    await mount({ showRange: true, showVolume: true });
    await waitFor(() => expect(screen.getByTestId("price-last").textContent).toBe("67,250.50"));
    expect(screen.getByTestId("price-change24h").textContent).toBe("-1.25%");
    expect(screen.getByTestId("price-high24h").textContent).toBe("68,000.10");
    expect(screen.getByTestId("price-low24h").textContent).toBe("65,000.00");
    expect(screen.getByTestId("price-volume24h").textContent).toBe("1,234,567.5");
    expect(screen.queryByTestId("price-age")).toBeNull();
  });

  it("leaves out high, low and volume unless asked", async () => {
    await store(0);
    await mount();
    await screen.findByTestId("price-last");
    expect(screen.queryByTestId("price-high24h")).toBeNull();
    expect(screen.queryByTestId("price-volume24h")).toBeNull();
  });

  it("switches market with the picker", async () => {
    await store(0);
    await mount();
    const picker = await screen.findByTestId("symbol-picker");
    await waitFor(() => expect(picker.querySelectorAll("option")).toHaveLength(2));
    fireEvent.change(picker, { target: { value: "ETH/USDT" } });
    await waitFor(() => expect(screen.getByTestId("price-last").textContent).toBe("3,480.25"));
    expect(screen.getByTestId("price-header").dataset["symbol"]).toBe("ETH/USDT");
  });

  it("shows the last known price with its age offline", async () => {
    await store(3 * MINUTE);
    reportReachability(false);
    await mount({ showRange: true });
    await screen.findByTestId("price-last");
    expect(screen.getByTestId("price-age").textContent).toBe(
      "Offline — last known prices, 3 minutes ago",
    );
  });

  it("says so when nothing was ever downloaded", async () => {
    reportReachability(false);
    await mount();
    expect((await screen.findByTestId("price-empty")).textContent).toBe(
      "Offline — no prices downloaded yet.",
    );
  });
});
