// The market feed in the browser: /home's tabs show live prices that change,
// /options shows the chart with the 24H high and low and saves its chart card as a PNG,
// and an offline reload shows the last known prices with their age.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { Ticker } from "../../protocol/market";
import { API_BASE } from "../../protocol/paths";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import type { StartedServer } from "./harness/server";
import { SERVER_POLL_MS } from "./helpers/accounts";
import {
  LOCAL,
  setNetwork,
  textOf,
  waitForServiceWorker,
  waitForText,
} from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

const dist = copyDist();
afterAll(() => dist.remove());
// Two ticks a second per symbol: prices move within the test's patience.
const e2e = useE2E({ server: { distDir: dist.dir, env: { MARKET_TICKS_PER_SECOND: "2" } } });

const PNG_SIGNATURE = "89504e470d0a1a0a";

async function serverTicker(server: StartedServer, symbol: string): Promise<Ticker> {
  const res = await fetch(`${server.url}${API_BASE}/market/tickers`);
  const tickers = ((await res.json()) as { Data: Ticker[] }).Data;
  const ticker = tickers.find((t) => t.symbol === symbol);
  if (!ticker) throw new Error(`The server has no ticker for ${symbol}.`);
  return ticker;
}

/** "67,012.50" (en) → "67012.50": the shown figure as the server's decimal string. */
const plain = (shown: string) => shown.replace(/[^\d.-]/g, "");

/** Every shown last price, by symbol. */
async function shownPrices(page: Page): Promise<Map<string, string>> {
  const rows = page.getByTestId("ticker-row");
  const prices = new Map<string, string>();
  for (const row of await rows.all()) {
    prices.set(
      (await row.getAttribute("data-symbol")) ?? "",
      await textOf(row.getByTestId("ticker-last")),
    );
  }
  return prices;
}

describe("market", () => {
  it("shows live prices on /home that change", async () => {
    const { page } = e2e;
    await signInThroughLogin(page);
    await expect.poll(() => page.getByTestId("ticker-row").count(), LOCAL).toBe(12);
    const first = await shownPrices(page);
    // The feed moves every symbol twice a second; within a few seconds some shown price moves.
    await expect
      .poll(
        async () => {
          const now = await shownPrices(page);
          return [...now].some(([symbol, price]) => first.get(symbol) !== price);
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
    // Sorting by change orders the rows by the server's 24h change, biggest first.
    await page.getByTestId("tickers-tab-change").click();
    const changes = await page.getByTestId("ticker-change").allTextContents();
    const numbers = changes.map((c) => Number(plain(c)));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it("shows the chart and 24H high/low on /options and saves them as a PNG", async () => {
    const { page, server } = e2e;
    await signInThroughLogin(page);
    await page.goto("/options");
    // The live price line first; the candles are one tap away.
    await page.getByTestId("options-chart").waitFor(LOCAL);
    await page.getByTestId("options-chart-candles").click();
    const chart = page.getByTestId("market-chart");
    await chart.waitFor(LOCAL);
    await expect
      .poll(async () => Number(await chart.getAttribute("data-candles")), LOCAL)
      .toBeGreaterThan(10);
    expect(await chart.locator("canvas").count()).toBeGreaterThan(0);
    // The depth chart draws the live book (20 levels a side from /ws/depth).
    await page.getByTestId("depth-chart").waitFor(LOCAL);
    await expect.poll(() => page.getByTestId("depth-waiting").count(), LOCAL).toBe(0);
    if (process.env["E2E_SCREENSHOT"])
      await page.screenshot({ path: process.env["E2E_SCREENSHOT"], fullPage: true });

    // The 24H high and low are the server's (they move only when the price breaks out).
    const high = page.getByTestId("price-high24h");
    const low = page.getByTestId("price-low24h");
    await waitForText(high);
    await expect
      .poll(
        async () => {
          const ticker = await serverTicker(server, "BTC/USDT");
          return (
            plain(await textOf(high)) === ticker.high24h &&
            plain(await textOf(low)) === ticker.low24h
          );
        },
        { ...LOCAL, interval: SERVER_POLL_MS },
      )
      .toBe(true);
    expect(Number(plain(await textOf(high)))).toBeGreaterThanOrEqual(
      Number(plain(await textOf(low))),
    );

    // Hovering the chart shows the candle under the pointer in the legend.
    const box = await chart.boundingBox();
    if (!box) throw new Error("The chart has no box.");
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.3);
    await waitForText(page.getByTestId("chart-legend"));

    // Headless Chromium on Linux has no share target: the image is downloaded.
    const download = page.waitForEvent("download", { timeout: 30_000 });
    await page.getByTestId("save-image").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^quanta-BTC-USDT-.*\.png$/);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 8).toString("hex")).toBe(PNG_SIGNATURE);
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    // The chart card (tabs, candles and depth): at least the chart's width, taller than it alone.
    expect(width).toBeGreaterThanOrEqual(Math.floor(box.width));
    expect(height).toBeGreaterThan(box.height);
  });

  it("shows the last known prices with their age after an offline reload", async () => {
    const { page, session } = e2e;
    await signInThroughLogin(page);
    await expect.poll(() => page.getByTestId("ticker-row").count(), LOCAL).toBe(12);
    await waitForServiceWorker(page);
    const before = await shownPrices(page);
    await setNetwork(session.context, false);
    await page.reload();
    await page.getByTestId("screen-home").waitFor(LOCAL);
    await expect.poll(() => page.getByTestId("ticker-row").count(), LOCAL).toBe(12);
    // Offline nothing moves: the prices are the ones stored before the reload (or newer ones
    // written in the moment before the network went off).
    const after = await shownPrices(page);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const age = page.getByTestId("tickers-age");
    const text = await waitForText(age);
    expect(text).toMatch(/Offline — last known prices, (just now|.*ago)/);
    expect(await age.getAttribute("data-offline")).toBe("true");
    // The age is the time the newest stored ticker arrived, not now.
    const at = Date.parse((await age.getAttribute("data-at")) ?? "");
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - at).toBeLessThan(120_000);
    await setNetwork(session.context, true);
  });
});
