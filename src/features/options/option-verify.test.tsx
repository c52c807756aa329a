// Verify on a settled option, against a served tick record chained with real sha256 hashes:
// "Verified" with the entry and exit tick numbers; a tick rewritten after settlement named in
// words; offline, that verification needs a connection (and nothing is fetched).
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formatTickTime, GENESIS_HASH, type MarketTick } from "../../../protocol/market";
import type { OptionsOrder } from "../../../protocol/options";
import { tickLinkHash } from "../../../protocol/options-verify";
import { reportReachability } from "../../sync/online";
import { renderInEnglish, useScreenTest } from "../../test/screen-test";
import { OptionVerify } from "./option-verify";

const SYMBOL = "BTC/USDT";
const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);
// One tick a second from T0: seq n at T0 + (n − 1) s.
const PRICES = ["67250.1", "67250.3", "67249.9", "67251.2", "67252", "67250", "67253.4", "67251"];
let record: MarketTick[] = [];
let requests: string[] = [];

async function chain(prices: readonly string[]): Promise<MarketTick[]> {
  const ticks: MarketTick[] = [];
  let prevHash = GENESIS_HASH;
  for (const [i, price] of prices.entries()) {
    const seq = String(i + 1);
    const ts = formatTickTime(T0 + i * 1000);
    prevHash = await tickLinkHash(prevHash, seq, price, ts);
    ticks.push({ symbol: SYMBOL, seq, price, ts, hash: prevHash });
  }
  return ticks;
}

const tick = (seq: string) => {
  const found = record.find((t) => t.seq === seq);
  if (found === undefined) throw new Error(`no tick ${seq}`);
  return { seq: found.seq, price: found.price, ts: found.ts, hash: found.hash };
};

/** Bought at 1.5 s, 3 s: entry tick 3 (2 s), exit tick 5 (4 s); 67249.9 → 67252, up wins. */
const order = (): OptionsOrder => ({
  id: "9",
  symbol: SYMBOL,
  direction: "up",
  seconds: 3,
  number: "10",
  fee: "0.1",
  payoutRate: "0.85",
  buyPrice: tick("3").price,
  sellPrice: tick("5").price,
  profit: "8.5",
  result: "win",
  entryTick: tick("3"),
  exitTick: tick("5"),
  time: formatTickTime(T0 + 1500),
  expiresAt: formatTickTime(T0 + 4500),
  settledAt: formatTickTime(T0 + 5200),
  reason: null,
});

/** The server's tick reads (tick-repository.ts's rules), enveloped, from `record`. */
function serveRecord(): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      requests.push(`${url.pathname}${url.search}`);
      const q = Object.fromEntries(url.searchParams);
      const ms = (t: MarketTick) => Date.parse(t.ts);
      let data: unknown;
      if (url.pathname.endsWith("/market/ticks/head")) {
        const head = record[record.length - 1];
        data = head && { symbol: SYMBOL, seq: head.seq, hash: head.hash, ts: head.ts };
      } else {
        const limit = Number(q["limit"]);
        const inRange = record.filter(
          (t) =>
            (q["from"] === undefined || ms(t) >= Date.parse(q["from"])) &&
            (q["to"] === undefined || ms(t) <= Date.parse(q["to"])),
        );
        data = q["from"] !== undefined ? inRange.slice(0, limit) : inRange.slice(-limit);
      }
      return new Response(JSON.stringify({ HttpStatusCode: 200, Message: "OK", Data: data }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
}

async function clickVerify(): Promise<string> {
  await act(async () => fireEvent.click(screen.getByTestId("options-verify")));
  const result = await screen.findByTestId("options-verify-result");
  return result.textContent ?? "";
}

describe("<OptionVerify>", () => {
  useScreenTest();
  beforeAll(async () => {
    record = await chain(PRICES);
  });
  beforeEach(() => {
    requests = [];
    reportReachability(true);
    serveRecord();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    record = await chain(PRICES);
  });

  it("says Verified with the entry and exit tick numbers", async () => {
    await renderInEnglish(<OptionVerify order={order()} />);
    expect(screen.queryByTestId("options-verify-result")).toBeNull();
    expect(await clickVerify()).toBe("Verified: entry tick 3, exit tick 5 (6 links checked).");
    expect(requests.some((r) => r.startsWith("/api/v1/market/ticks/head?"))).toBe(true);
  });

  it("names the tick rewritten after settlement and the result it now gives", async () => {
    const settled = order();
    // The record is rewritten: tick 4's price changes (its hash no longer matches) …
    record = record.map((t) => (t.seq === "4" ? { ...t, price: "1" } : t));
    await renderInEnglish(<OptionVerify order={settled} />);
    const said = await clickVerify();
    expect(said).toBe(
      "Not verified:Tick 4 was changed after it was recorded: its hash does not match its contents.",
    );
  });

  it("names a stored result the recorded ticks do not give", async () => {
    const claimed = { ...order(), result: "lose" as const, profit: "-10" };
    await renderInEnglish(<OptionVerify order={claimed} />);
    const items = Array.from(
      (await clickVerifyList()).querySelectorAll("li"),
      (li) => li.textContent,
    );
    expect(items).toEqual([
      "The stored result is loss, but the recorded ticks give win.",
      "The stored profit is -10 USDT, but the rule gives 8.5 USDT.",
    ]);
  });

  it("offline, says verification needs a connection and fetches nothing", async () => {
    reportReachability(false);
    await renderInEnglish(<OptionVerify order={order()} />);
    expect(await clickVerify()).toBe("Verification needs a connection.");
    expect(requests).toEqual([]);
  });

  it("says which answer the server gave when it cannot serve the ticks", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              HttpStatusCode: 404,
              Message: "No ticks recorded for BTC/USDT yet",
              Code: "NOT_FOUND",
              Data: null,
            }),
            { status: 404, headers: { "content-type": "application/json" } },
          ),
      ),
    );
    await renderInEnglish(<OptionVerify order={order()} />);
    expect(await clickVerify()).toBe("The server did not serve the ticks to verify (NOT_FOUND).");
  });
});

async function clickVerifyList(): Promise<HTMLElement> {
  await act(async () => fireEvent.click(screen.getByTestId("options-verify")));
  return screen.findByTestId("options-verify-result");
}
