// The app under a market burst (part of `npm run bench -- feed`, alone `npm run bench --
// feed-burst`): /spots and /options for BTC/USDT in real Chromium, their market sockets answered
// by the benchmark instead of the server (real websockets, bench/feed/burst-proxy.ts), which
// plays 500 BTC/USDT
// ticks a second for 10 s from the seeded simulated market, every tick unconflated on every open
// socket: a tickers frame, a 1m candle update and a depth update (the hub would conflate; a burst
// after a reconnect, or another source, might not). Counted per page: long tasks (> 50 ms,
// PerformanceObserver "longtask") during the burst, the longest, and the total blocking time
// (the sum of each long task's time over 50 ms); goal 0 long tasks. The baseline is the same
// page, same sockets, 10 quiet seconds before the burst, in the same run.
// BENCH_BURST_PAGES=/options picks pages; BENCH_BURST_TRACE=dir writes a performance trace of
// each page's burst there (Chromium's tracing over CDP; open it in DevTools' Performance panel).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { WebSocket } from "ws";
import { startBurstProxy, type SocketPath } from "./feed/burst-proxy";
import { recordGoal } from "./goals";
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

  snapshot(path: SocketPath): string {
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

/** Answers a market socket from `market`: its snapshot, then pongs and snapshots on request. */
function answerMarketSocket(market: BurstMarket, path: SocketPath, ws: WebSocket): void {
  ws.send(market.snapshot(path));
  ws.on("message", (message) => {
    const op = JSON.parse(String(message)) as { op?: string };
    if (op.op === "ping") ws.send(JSON.stringify({ type: "pong" }));
    else if (op.op === "subscribe") ws.send(market.snapshot(path));
  });
}

interface Measured {
  tasks: number[];
  ticks: number;
}

async function longTasksDuring(
  page: Page,
  ms: number,
  play: (() => void) | null,
): Promise<Measured> {
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

/** "2 long tasks, longest 61 ms, blocking 14 ms" */
function describe(tasks: readonly number[]): string {
  if (tasks.length === 0) return "0 long tasks";
  const blocking = tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
  return (
    `${tasks.length} long task${tasks.length === 1 ? "" : "s"}, longest ` +
    `${Math.max(...tasks).toFixed(0)} ms, blocking ${blocking.toFixed(0)} ms`
  );
}

interface BurstPage {
  path: "/spots" | "/options";
  /** What shows that the page is up. */
  ready: string;
  /** The sockets it opens. */
  sockets: readonly SocketPath[];
}

const PAGES: readonly BurstPage[] = [
  { path: "/spots", ready: "order-book-ladder", sockets: ["data", "depth"] },
  { path: "/options", ready: "options-chart", sockets: ["data", "kdata"] },
];

function wantedPages(): readonly BurstPage[] {
  const names = process.env["BENCH_BURST_PAGES"]?.split(",").filter(Boolean);
  return names ? PAGES.filter((p) => names.includes(p.path)) : PAGES;
}

async function waitForSockets(
  sockets: Map<SocketPath, WebSocket>,
  paths: readonly SocketPath[],
): Promise<void> {
  for (const path of paths)
    for (let i = 0; !sockets.has(path); i++) {
      if (i > 100) throw new Error(`the page never opened /ws/${path}`);
      await new Promise((r) => setTimeout(r, 100));
    }
}

/** Runs `during` under a Chromium performance trace (as DevTools records) written to `file`. */
async function traced<T>(page: Page, file: string, during: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  const categories = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8.execute",
    "disabled-by-default-v8.cpu_profiler",
    "blink.user_timing",
  ];
  const events: unknown[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const complete = new Promise<void>((resolve) =>
    cdp.once("Tracing.tracingComplete", () => resolve()),
  );
  await cdp.send("Tracing.start", {
    categories: categories.join(","),
    transferMode: "ReportEvents",
  });
  const result = await during();
  await cdp.send("Tracing.end");
  await complete;
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  await cdp.detach();
  return result;
}

async function burstOn(
  page: Page,
  spec: BurstPage,
  market: BurstMarket,
  sockets: Map<SocketPath, WebSocket>,
): Promise<void> {
  sockets.clear();
  await page.goto(spec.path);
  await page.getByTestId(spec.ready).waitFor({ timeout: 60_000 });
  await waitForSockets(sockets, spec.sockets);

  // The burst's frames are made before it (untimed), so the benchmark's own process spends the
  // burst sending, not simulating: on a busy machine it would otherwise fall behind 500/s.
  const planned = Array.from({ length: (TICKS_PER_SECOND * BURST_MS) / 1000 }, () => market.tick());
  const quiet = await longTasksDuring(page, BURST_MS, null);
  let next = 0;
  const play = () => {
    const frames = planned[next++];
    if (frames === undefined) return;
    sockets.get("data")?.send(frames.data);
    sockets.get("depth")?.send(frames.depth);
    sockets.get("kdata")?.send(frames.kdata);
  };
  const traceDir = process.env["BENCH_BURST_TRACE"];
  let burst: Measured;
  if (traceDir) {
    mkdirSync(traceDir, { recursive: true });
    const file = join(traceDir, `burst${spec.path.replace("/", "-")}.json`);
    burst = await traced(page, file, () => longTasksDuring(page, BURST_MS, play));
  } else {
    burst = await longTasksDuring(page, BURST_MS, play);
  }
  const last = await page.getByTestId("price-last").first().textContent();
  const goal = recordGoal({
    figure: `feed burst ${spec.path}: long tasks (> 50 ms) under 500 ticks/s`,
    value: burst.tasks.length,
    kind: "atMost",
    target: 0,
    baseline: `the same page without the burst (${quiet.tasks.length})`,
  });
  console.log(
    `feed burst in Chromium, ${spec.path} ${SYMBOL}: ${burst.ticks} ticks in ${BURST_MS / 1000} s ` +
      `(${((burst.ticks * 1000) / BURST_MS).toFixed(0)}/s, a frame each on ` +
      `${spec.sockets.map((s) => `/ws/${s}`).join(" and ")}): ${describe(burst.tasks)}; ` +
      `same page without the burst: ${describe(quiet.tasks)}; ${goal}; ` +
      `price shown at the end: ${last ?? "?"}`,
  );
}

export async function benchFeedBurst(): Promise<void> {
  const dist = copyDist();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  let proxy: Awaited<ReturnType<typeof startBurstProxy>> | undefined;
  try {
    server = await startServer({ distDir: dist.dir, name: "bench-feed-burst" });
    browser = await launchBrowser();
    const market = new BurstMarket(Date.now());
    const sockets = new Map<SocketPath, WebSocket>();
    proxy = await startBurstProxy(server.url, (path, ws) => {
      sockets.set(path, ws);
      ws.on("close", () => {
        if (sockets.get(path) === ws) sockets.delete(path);
      });
      answerMarketSocket(market, path, ws);
    });
    const { context, page } = await browser.newContext({ baseURL: proxy.url });
    await installWallet(context);
    await context.addInitScript({ content: `(${longTaskProbe.toString()})();` });

    await page.goto("/login");
    await page.getByTestId("agree").check();
    await page.getByTestId("wallet-select").click();
    await page
      .getByTestId("wallet-list")
      .getByRole("button", { name: "Quanta Test Wallet" })
      .click();
    await page.getByTestId("screen-home").waitFor({ timeout: 60_000 });
    for (const spec of wantedPages()) await burstOn(page, spec, market, sockets);
  } finally {
    await browser?.close();
    await Promise.allSettled([proxy?.close(), server?.stop()]);
    dist.remove();
  }
}
