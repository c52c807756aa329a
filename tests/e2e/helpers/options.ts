// Rise/fall options from outside, as any client of the API would check them: the products, the
// user's orders, and every settlement recomputed from the recorded ticks (GET /market/ticks) with
// the one settlement rule, the ticks' hash links recomputed here with node:crypto, not with the
// server's code.
import { createHash, randomUUID } from "node:crypto";
import { formatUnits, parseUnits } from "../../../protocol/decimal";
import type { ListPage } from "../../../protocol/list";
import type { MarketTick } from "../../../protocol/market";
import {
  settleOption,
  type OptionSettlement,
  type OptionTick,
  type OptionsOrder,
  type OptionsOrderRequest,
  type OptionsProduct,
} from "../../../protocol/options";
import type { StartedServer } from "../harness/server";
import { api, type ApiAnswer } from "./accounts";

/** USDT's scale on the wire (DESIGN §5). */
export const USDT_SCALE = 6;

/** GET /options/products. */
export async function optionsProductsOf(server: StartedServer): Promise<OptionsProduct[]> {
  const answer = await api<OptionsProduct[]>(server, "GET", "options/products");
  if (answer.status !== 200) {
    throw new Error(`GET options/products: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data;
}

/** The user's options orders, newest first (one page of 50). */
export async function optionsOrdersOf(
  server: StartedServer,
  token: string,
  status: "open" | "done",
): Promise<OptionsOrder[]> {
  const answer = await api<ListPage<OptionsOrder>>(
    server,
    "GET",
    `options/orders?status=${status}&limit=50`,
    { token },
  );
  if (answer.status !== 200) {
    throw new Error(`GET options/orders: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data.items;
}

/** POST /options/orders from Node with a fresh Idempotency-Key; the answer as it came. */
export function placeOptionFromNode(
  server: StartedServer,
  token: string,
  body: OptionsOrderRequest,
): Promise<ApiAnswer<OptionsOrder>> {
  return api<OptionsOrder>(server, "POST", "options/orders", {
    token,
    json: body,
    idempotencyKey: randomUUID(),
  });
}

/** Every recorded tick of `symbol` with from <= ts <= to, oldest first (paged 1,000 at a time). */
export async function recordedTicks(
  server: StartedServer,
  symbol: string,
  from: string,
  to: string,
): Promise<MarketTick[]> {
  const ticks: MarketTick[] = [];
  let start = from;
  for (;;) {
    const query = new URLSearchParams({ symbol, from: start, to, limit: "1000" });
    const answer = await api<MarketTick[]>(server, "GET", `market/ticks?${query.toString()}`);
    if (answer.status !== 200) {
      throw new Error(`GET market/ticks: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    const last = ticks.at(-1);
    // `from` is inclusive: the next page starts at the last tick's time and repeats it.
    ticks.push(
      ...answer.body.Data.filter((t) => last === undefined || BigInt(t.seq) > BigInt(last.seq)),
    );
    const page = answer.body.Data;
    if (page.length < 1000) return ticks;
    start = page.at(-1)?.ts ?? to;
  }
}

/**
 * The seq of the first tick whose hash is not sha256(`prevHash|seq|price|ts`) of the tick before
 * it in `ticks` (the first tick is taken as given), or null when every link holds and no seq is
 * skipped.
 */
export function firstBrokenTickLink(ticks: readonly MarketTick[]): string | null {
  for (let i = 1; i < ticks.length; i += 1) {
    const before = ticks[i - 1];
    const tick = ticks[i];
    if (before === undefined || tick === undefined) continue;
    const hash = createHash("sha256")
      .update(`${before.hash}|${tick.seq}|${tick.price}|${tick.ts}`, "utf8")
      .digest("hex");
    if (BigInt(tick.seq) !== BigInt(before.seq) + 1n || hash !== tick.hash) return tick.seq;
  }
  return null;
}

export interface Recomputed {
  settlement: OptionSettlement;
  /** The ticks of the window (time, expiresAt] and the one at `time`, if any, as served. */
  ticks: MarketTick[];
}

/**
 * The order's settlement recomputed from outside: its window's ticks from GET /market/ticks and
 * the pure rule of protocol/options.ts, with the terms the order states.
 */
export async function recomputeSettlement(
  server: StartedServer,
  order: OptionsOrder,
): Promise<Recomputed> {
  const ticks = await recordedTicks(server, order.symbol, order.time, order.expiresAt);
  const settlement = settleOption(
    {
      direction: order.direction,
      stake: parseUnits(order.number, USDT_SCALE),
      fee: parseUnits(order.fee, USDT_SCALE),
      payoutRate: order.payoutRate,
      time: order.time,
      expiresAt: order.expiresAt,
    },
    ticks,
  );
  return { settlement, ticks };
}

/** A tick as an order carries it (no symbol). */
export function orderTick(tick: OptionTick | MarketTick | null): OptionTick | null {
  return tick === null ? null : { seq: tick.seq, price: tick.price, ts: tick.ts, hash: tick.hash };
}

/** USDT units as the canonical decimal string ("8.5", "-10", "0"). */
export function usdt(units: bigint): string {
  return formatUnits(units, USDT_SCALE);
}

/**
 * The decimal numbers a text shows, signed and without grouping, canonical ("+1,018.50" ->
 * "1018.5", "−10" -> "-10"); English grouping (commas) only.
 */
export function numbersIn(text: string): string[] {
  const found = text.replace(/\u2212/g, "-").match(/[-+]?\d[\d,]*(\.\d+)?/g) ?? [];
  return found.map((n) => {
    const plain = n.replace(/[+,]/g, "");
    const places = plain.split(".")[1]?.length ?? 0;
    return formatUnits(parseUnits(plain, places), places);
  });
}

/** Seconds a countdown shows: "0:28", "00:28" or "28 s" (null when it shows no number). */
export function countdownSeconds(text: string): number | null {
  const clock = /(\d+):(\d{2})/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const plain = /(\d+)/.exec(text);
  return plain ? Number(plain[1]) : null;
}
