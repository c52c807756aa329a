// The app under a market burst (part of `npm run bench -- feed`): /options for BTC/USDT in real
// Chromium, its three market sockets answered by the benchmark instead of the server
// (Playwright's routeWebSocket), which plays 500 BTC/USDT ticks a second for 10 s from the
// seeded simulated market, every tick unconflated on every socket: a tickers frame, a 1m candle
// update and a depth update (the hub would conflate; a burst after a reconnect, or another
// source, might not). Counted: long tasks (> 50 ms, PerformanceObserver "longtask") during the
// burst; goal 0. The baseline is the same page, same sockets, with no burst, in the same run.
import type { BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { formatTickTime, type KlineRow, type Ticker } from "../protocol/market";
import { diffDepth, type BookSides } from "../server/market/hub/depth-diff";
import { formatFixed, parseUnits } from "../protocol/decimal";
import { SimulatedMarket } from "../server/market/sources/simulated-market";
import { findSymbol, SYMBOLS } from "../server/market/symbols";
import { launchBrowser } from "../tests/e2e/harness/browser";
import { copyDist } from "../tests/e2e/harness/dist-copy";
import { startServer } from "../tests/e2e/harness/server";
import { installWallet } from "../tests/e2e/harness/wallet";

const TICKS_PER_SECOND = 500;
const BURST_MS = 10_000;
const STEP_MS = 20; // ~10 ticks per step
const SYMBOL = "BTC/USDT";

interface LongTaskWindow {
  __longTasks?: number[];
}

/** Runs in every document: collects long task durations. */
function longTaskProbe(): void {
  const tasks: number[] = [];
  (window as LongTaskWindow).__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
}

function requireSymbol(symbol: string) {
  const spec = findSymbol(symbol);
  if (!spec) throw new Error(`${symbol} is not listed`);
  return spec;
}

/** The market the sockets play: 500 ticks/s of BTC/USDT with its book, candle and tickers. */
class BurstMarket {
  private readonly spec = requireSymbol(SYMBOL);
  private readonly market = new SimulatedMarket("bench-burst", [this.spec]);
  private book: BookSides = { bids: [], asks: [] };
  private candle: KlineRow | null = null;
  private volumeUnits = 0n;
  private seq = { data: 0, depth: 0, kdata: 0 };
  private ticker: Ticker;

  constructor(private ts: number) {
    const price = this.spec.startPrice;
    this.ticker = {
      symbol: SYMBOL,
      last: price,
      open24h: price,
      high24h: price,
      low24h: price,
      change24h: "0.00",
      volume24h: "0",
      ts: formatTickTime(ts),
      seq: "0",
    };
  }

  /** One tick: the frames each socket gets for it. */
  tick(): { data: string; depth: string; kdata: string } {
    this.ts += 1000 / TICKS_PER_SECOND;
    const [trade] = this.market.step(Math.floor(this.ts), 1 / TICKS_PER_SECOND);
    if (!trade) throw new Error("the simulated market made no trade");
    const scale = this.spec.priceScale;
    const openTime = formatTickTime(Math.floor(trade.ts / 60_000) * 60_000);
    if (this.candle === null || this.candle[0] !== openTime) {
      this.candle = [openTime, trade.price, trade.price, trade.price, trade.price, "0"];
      this.volumeUnits = 0n;
    }
    const [, o, h, l] = this.candle;
    const p = parseUnits(trade.price, scale);
    this.volumeUnits += parseUnits(trade.qty, this.spec.qtyScale);
    this.candle = [
      openTime,
      o,
      p > parseUnits(h, scale) ? trade.price : h,
      p < parseUnits(l, scale) ? trade.price : l,
      trade.price,
      formatFixed(this.volumeUnits, this.spec.qtyScale),
    ];
    const nextBook = this.market.book(SYMBOL, trade.ts);
    const changes = diffDepth(this.book, nextBook);
    this.book = { bids: nextBook.bids, asks: nextBook.asks };
    this.ticker = { ...this.ticker, last: trade.price, ts: formatTickTime(trade.ts) };
    const others = SYMBOLS.filter((s) => s.symbol !== SYMBOL).map((s) => ({
      ...this.ticker,
      symbol: s.symbol,
      last: s.startPrice,
    }));
    return {
      data: JSON.stringify({
        type: "tickers",
        seq: ++this.seq.data,
        data: [this.ticker, ...others],
      }),
      depth: JSON.stringify({
        type: "update",
        symbol: SYMBOL,
        seq: ++this.seq.depth,
        ...changes,
        ts: formatTickTime(trade.ts),
      }),
      kdata: JSON.stringify({
        type: "update",
        symbol: SYMBOL,
        interval: "1m",
        seq: ++this.seq.kdata,
        candles: [this.candle],
      }),
    };
  }

  snapshot(path: "data" | "depth" | "kdata"): string {
    if (path === "data") return this.tick().data;
    if (path === "depth")
      return JSON.stringify({
        type: "snapshot",
        symbol: SYMBOL,
        seq: this.seq.depth,
        ...this.book,
        ts: formatTickTime(this.ts),
      });
    return JSON.stringify({
      type: "snapshot",
      symbol: SYMBOL,
      interval: "1m",
      seq: this.seq.kdata,
      candles: this.candle ? [this.candle] : [],
    });
  }
}

/** Answers the page's market sockets from `market`; `sockets` holds the open ones by path. */
async function routeMarketSockets(
  context: BrowserContext,
  market: BurstMarket,
  sockets: Map<string, WebSocketRoute>,
): Promise<void> {
  await context.routeWebSocket(/\/ws\/(data|depth|kdata)/, (ws) => {
    const path = /\/ws\/(data|depth|kdata)/.exec(ws.url())?.[1] as "data" | "depth" | "kdata";
    sockets.set(path, ws);
    ws.send(market.snapshot(path));
    ws.onMessage((message) => {
      const op = JSON.parse(String(message)) as { op?: string };
      if (op.op === "ping") ws.send(JSON.stringify({ type: "pong" }));
      else if (op.op === "subscribe") ws.send(market.snapshot(path));
    });
  });
}

async function longTasksDuring(
  page: Page,
  ms: number,
  play: (() => void) | null,
): Promise<{ tasks: number[]; ticks: number }> {
  const before = await page.evaluate(() => (window as LongTaskWindow).__longTasks?.length ?? 0);
  let ticks = 0;
  const began = Date.now();
  while (Date.now() < began + ms) {
    // Every step plays the ticks due by now, so a slow step is made up in the next one.
    const due = Math.floor(((Date.now() - began) * TICKS_PER_SECOND) / 1000);
    if (play) for (; ticks < due; ticks++) play();
    await new Promise((r) => setTimeout(r, STEP_MS));
  }
  await new Promise((r) => setTimeout(r, 500)); // the last frames' work
  const tasks = await page.evaluate(
    (from) => ((window as LongTaskWindow).__longTasks ?? []).slice(from),
    before,
  );
  return { tasks, ticks };
}

export async function benchFeedBurst(): Promise<void> {
  const dist = copyDist();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    server = await startServer({ distDir: dist.dir, name: "bench-feed-burst" });
    browser = await launchBrowser();
    const { context, page } = await browser.newContext({ baseURL: server.url });
    await installWallet(context);
    await context.addInitScript({ content: `(${longTaskProbe.toString()})();` });
    const market = new BurstMarket(Date.now());
    const sockets = new Map<string, WebSocketRoute>();
    await routeMarketSockets(context, market, sockets);

    await page.goto("/login");
    await page.getByTestId("agree").check();
    await page.getByTestId("wallet-select").click();
    await page
      .getByTestId("wallet-list")
      .getByRole("button", { name: "Quanta Test Wallet" })
      .click();
    await page.getByTestId("screen-home").waitFor({ timeout: 60_000 });
    await page.goto("/options");
    await page.getByTestId("market-chart").waitFor({ timeout: 60_000 });
    for (const path of ["data", "depth", "kdata"])
      for (let i = 0; !sockets.has(path); i++) {
        if (i > 100) throw new Error(`the page never opened /ws/${path}`);
        await new Promise((r) => setTimeout(r, 100));
      }

    const quiet = await longTasksDuring(page, BURST_MS, null);
    const burst = await longTasksDuring(page, BURST_MS, () => {
      const frames = market.tick();
      sockets.get("data")?.send(frames.data);
      sockets.get("depth")?.send(frames.depth);
      sockets.get("kdata")?.send(frames.kdata);
    });
    const last = await page.getByTestId("price-last").first().textContent();
    const describe = (tasks: number[]) =>
      `${tasks.length} long tasks${tasks.length ? ` (longest ${Math.max(...tasks).toFixed(0)} ms)` : ""}`;
    console.log(
      `feed burst in Chromium, /options ${SYMBOL}: ${burst.ticks} ticks in ${BURST_MS / 1000} s ` +
        `(${((burst.ticks * 1000) / BURST_MS).toFixed(0)}/s, 3 frames each): ${describe(burst.tasks)}; ` +
        `same page without the burst: ${describe(quiet.tasks)}; goal 0: ` +
        `${burst.tasks.length === 0 ? "met" : "NOT met"}; price shown at the end: ${last ?? "?"}`,
    );
  } finally {
    await Promise.allSettled([browser?.close(), server?.stop()]);
    dist.remove();
  }
}
