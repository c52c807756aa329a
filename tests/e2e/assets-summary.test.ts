// /my's tabs end to end: after demo funds and a spot buy, the Summary tab shows the income by
// product and the 30-day equity curve (drawn by uPlot) exactly as GET /assets/summary answers
// for this browser's time zone, Other balances lists the BTC bought with its USDT value, and
// About names the versions and the demo mode. Offline, after a reload, all of it renders from
// IndexedDB.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Static } from "@sinclair/typebox";
import type { AssetsSummaryAnswer } from "../../protocol/endpoints/assets";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { api, demoCredit } from "./helpers/accounts";
import { LOCAL, setNetwork, textOf, tokenOf, waitForServiceWorker } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

type Summary = Static<typeof AssetsSummaryAnswer>;

// A private copy of dist/: the offline part loads the shell the service worker precached.
const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });

describe("/my summary, other balances and about", () => {
  it("shows the server's summary and equity chart, and renders it all offline", async () => {
    const { page, server, session, log } = e2e;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const token = await tokenOf(page);
    await demoCredit(server, token, "1000");
    const bought = await api(server, "POST", "spot/orders", {
      token,
      json: { symbol: "BTC/USDT", side: 0, type: 0, number: "0.01" },
      idempotencyKey: randomUUID(),
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);

    await page.goto("/my");
    await page.getByTestId("screen-my").waitFor();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const chart = page.getByTestId("my-equity-chart");
    await chart.waitFor(LOCAL);
    expect(await chart.getAttribute("data-points")).toBe("30");
    // uPlot drew it: a canvas inside the chart.
    await chart.locator("canvas").first().waitFor(LOCAL);

    // The figures are the server's for this browser's zone (after the pull that follows the buy).
    const served = async () =>
      (
        await api<Summary>(server, "GET", `assets/summary?days=30&tz=${encodeURIComponent(zone)}`, {
          token,
        })
      ).body.Data;
    const summary = await served();
    const last = summary.equity.at(-1);
    if (last === undefined) throw new Error("no equity point");
    // 1000 USDT of demo funds, less the buy's fee and spread, plus the BTC at its last close.
    expect(Number(last[1])).toBeGreaterThan(990);
    await expect
      .poll(() => textOf(page.getByTestId("my-summary-equity-last")), LOCAL)
      .toContain(`at the end of ${last[0]}`);
    expect(await textOf(page.getByTestId("my-summary-spot-total"))).toBe(summary.income.spot.total);
    expect(await textOf(page.getByTestId("my-summary-income-note"))).toContain(zone);

    await page.getByTestId("my-tab-others").click();
    const btc = page.getByTestId("my-other-balance").filter({ hasText: "BTC" });
    await btc.waitFor(LOCAL);
    await page.getByTestId("my-tab-about").click();
    expect(await textOf(page.getByTestId("my-about-mode"))).toMatch(/demo/i);
    expect(await textOf(page.getByTestId("my-about-app-version"))).not.toBe("");

    // Offline: the stored summary, balances and about render from IndexedDB after a reload.
    await setNetwork(session.context, false);
    await page.reload().catch(() => undefined);
    await page.getByTestId("screen-my").waitFor(LOCAL);
    const offlineChart = page.getByTestId("my-equity-chart");
    await offlineChart.waitFor(LOCAL);
    expect(await offlineChart.getAttribute("data-points")).toBe("30");
    await offlineChart.locator("canvas").first().waitFor(LOCAL);
    expect(await textOf(page.getByTestId("my-summary-spot-total"))).toBe(summary.income.spot.total);
    await page.getByTestId("my-tab-others").click();
    await page.getByTestId("my-other-balance").filter({ hasText: "BTC" }).waitFor(LOCAL);
    await page.getByTestId("my-tab-about").click();
    expect(await textOf(page.getByTestId("my-about-mode"))).toMatch(/demo/i);
    await setNetwork(session.context, true);

    expect(log.pageErrors).toEqual([]);
  });
});
