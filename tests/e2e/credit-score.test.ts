// /my's credit score card against the real server: a spot trade makes today a trading day, the
// server's score job (workers.ts) stores the new score and records the profile, the poke makes
// the app pull GET /profile/score, and the card shows each term with what was counted. Offline
// the card renders from IndexedDB, the same figures.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { scoreTerms } from "../../protocol/weighted-score";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { api } from "./helpers/accounts";
import { LOCAL, setNetwork, tokenOf, waitForServiceWorker } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });
/** The score job looks for queued events every 2 s; the pull follows its change-log poke. */
const SCORED = { timeout: 30_000 } as const;

interface ScoreAnswer {
  weightedScore: number;
  terms: { totalLimit: number; usageHabits: number; contribution: number };
  inputs: { activeDays: number; totalDeposits: string };
}

async function post(path: string, token: string, json: unknown) {
  const response = await fetch(`${e2e.server.url}/api/v1/${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify(json),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
}

describe("the credit score card on /my", () => {
  it("shows the score's terms after a trade, and renders them offline from IndexedDB", async () => {
    const { page, session, server } = e2e;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const token = await tokenOf(page);
    await page.goto("/my");
    await page.getByTestId("my-score").waitFor(LOCAL);

    // Demo funds are not a deposit: only the trade counts, as one day with a trade.
    await post("wallet/demo-credit", token, { amount: "1000" });
    await post("spot/orders", token, { symbol: "BTC/USDT", side: 0, type: 0, number: "0.001" });
    const expected = scoreTerms({
      totalDeposits: "0",
      activeDays: 1,
      backtests: 0,
      strategiesShared: 0,
    });
    const usage = page.getByTestId("my-score-term-usage-habits");
    await expect
      .poll(() => usage.getAttribute("data-points"), SCORED)
      .toBe(String(expected.usageHabits));
    const served = (await api<ScoreAnswer>(server, "GET", "profile/score", { token })).body.Data;
    expect(served.terms).toEqual(expected);
    expect(served.inputs).toMatchObject({ activeDays: 1, totalDeposits: "0" });

    const shown = async () => ({
      score: await page.getByTestId("my-score-value").getAttribute("data-score"),
      level: await page.getByTestId("my-score-level").textContent(),
      total: await page.getByTestId("my-score-term-total-limit").textContent(),
      usage: await usage.textContent(),
      contribution: await page.getByTestId("my-score-term-contribution").textContent(),
      next: await page.getByTestId("my-score-next").textContent(),
    });
    const online = await shown();
    expect(online.score).toBe(String(served.weightedScore));
    expect(online.usage).toContain("Days with a trade in the last 30 (UTC): 1.");
    expect(online.total).toContain("Credited deposits: 0 USDT");
    expect(online.contribution).toContain("Finished backtests and optimisations: 0");
    // Unverified: the next level asks for identity verification.
    expect(online.next).toContain("identity verification");

    // For review, beside the layout test's screens (tests/e2e/artifacts is gitignored).
    await page
      .getByTestId("my-score")
      .screenshot({ path: "tests/e2e/artifacts/screens/en-my-score.png" });

    await setNetwork(session.context, false);
    await page.reload();
    await page.getByTestId("my-score-value").waitFor(LOCAL);
    expect(await shown()).toEqual(online);
    expect(e2e.log.pageErrors).toEqual([]);
  });
});
