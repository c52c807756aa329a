// A liquidation end to end, decided by a recorded tick the test chooses: the server reads a local
// Binance-format stream (helpers/fake-binance.ts) through its real Binance adapter. A 10× long is
// opened from Node; a trade one price step above its liquidation price closes nothing, the next at
// it liquidates it at that tick. The tick is the record's (hash-linked, the first after the
// opening at or beyond the price), the loss is exactly the margin (303), and the history row on
// /contract names the tick.
import { describe, expect, it } from "vitest";
import { CONTRACT_STATE, type ContractState } from "../../protocol/contract";
import { parseUnits } from "../../protocol/decimal";
import { priceString } from "../../protocol/spot-rules";
import { demoCredit, SERVER_POLL_MS } from "./helpers/accounts";
import {
  canonical,
  contractBillsOf,
  contractConfigOf,
  onlyContractOrder,
  placeContractFromNode,
  priceUnits,
  recomputeOpen,
  symbolRulesOf,
} from "./helpers/contract";
import { byTestId, numberShown, openContract } from "./helpers/contract-screen";
import { useE2EWithExchange } from "./helpers/fake-binance";
import { LOCAL, textOf, tokenOf } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";
import { firstBrokenTickLink, recordedTicks } from "./helpers/options";

const SYMBOL = "BTC/USDT";
const CREDIT = "1000";
const QUANTITY = "0.01";
const LEVERAGE = 10;
const OPENING = { bid: "60000.00", ask: "60000.50" };

const { e2e, market } = useE2EWithExchange(OPENING);
const fromServer = { ...LOCAL, interval: SERVER_POLL_MS };

/** The user's one order in `state` (of id `id`), once there is exactly one. */
const onlyOrder = (token: string, state: ContractState, id?: string) =>
  onlyContractOrder(e2e.server, token, state, id);

describe("contract liquidation", () => {
  it("liquidates a long at the first recorded tick at its price and shows that tick", async () => {
    const { page, server, log } = e2e;
    await signInThroughLogin(page);
    const token = await tokenOf(page);
    await demoCredit(server, token, CREDIT);
    const config = await contractConfigOf(server);
    const rules = await symbolRulesOf(server, SYMBOL);
    await openContract(page, { symbol: SYMBOL, leverage: LEVERAGE });

    const placed = await placeContractFromNode(server, token, {
      symbol: SYMBOL,
      direction: "long",
      leverage: LEVERAGE,
      quantity: QUANTITY,
      type: 0,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const long = placed.body.Data;
    const liquidation = priceUnits(long.liquidationPrice);
    expect(liquidation).toBe(recomputeOpen(long, config, rules).liquidationPrice);
    await page.getByTestId("contract-tab-positions").click();
    await page.getByTestId(`contract-position-${long.id}`).waitFor(LOCAL);

    // Exchange times may trail arrival a little: read the record from a few seconds before.
    const since = new Date(Date.parse(long.time) - 5_000).toISOString();
    // A trade one step above the liquidation price is recorded first (it closes nothing), then
    // one at it: that one must be the tick that liquidates.
    const above = priceString(liquidation + rules.priceStep, rules);
    const at = priceString(liquidation, rules);
    market().trade(above);
    await expect
      .poll(async () => {
        const now = new Date().toISOString();
        const ticks = await recordedTicks(server, SYMBOL, since, now);
        return ticks.some((t) => t.price === above);
      }, fromServer)
      .toBe(true);
    market().trade(at);
    const ended = await onlyOrder(token, CONTRACT_STATE.completed, long.id);
    expect(ended).toMatchObject({
      closeReason: "liquidation",
      closePrice: at,
      pnl: `-${long.margin}`,
    });
    expect(ended.closeTick?.price).toBe(at);
    const tickSeq = ended.closeTick?.seq ?? "";
    expect(BigInt(tickSeq) > BigInt(long.openTickSeq ?? "0")).toBe(true);

    // The tick is the record's: hash-linked, and the first after the opening at or below the price.
    const ticks = await recordedTicks(server, SYMBOL, since, ended.closeTick?.ts ?? "");
    expect(firstBrokenTickLink(ticks)).toBeNull();
    const after = ticks.filter((t) => BigInt(t.seq) > BigInt(long.openTickSeq ?? "0"));
    const first = after.find(
      (t) => parseUnits(t.price, rules.priceScale) * rules.priceStep <= liquidation,
    );
    expect(first).toMatchObject({
      seq: tickSeq,
      price: at,
      ts: ended.closeTick?.ts,
      hash: ended.closeTick?.hash,
    });
    const bills = await contractBillsOf(server, token, long.id);
    expect(bills.map((b) => [String(b.type), b.amount]).sort()).toEqual(
      [
        ["103", `-${long.margin}`],
        ["104", long.margin],
        ["301", `-${long.openFee}`],
        ["303", `-${long.margin}`],
      ].sort(),
    );

    // The history names the tick.
    await page.getByTestId("contract-tab-history").click();
    const row = `contract-history-${long.id}`;
    await page.getByTestId(row).waitFor(LOCAL);
    const tick = page.locator(byTestId("contract-history-tick", row));
    await expect.poll(() => textOf(tick), LOCAL).toContain(tickSeq);
    expect(await tick.getAttribute("data-seq")).toBe(tickSeq);
    expect(await numberShown(page, byTestId("contract-history-pnl", row))).toBe(
      canonical(`-${long.margin}`),
    );
    expect(log.pageErrors).toEqual([]);
  });
});
