import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { saveAccountExtra } from "../../db/account-extras-data";
import { renderAtRoute, signInAs, useScreenTest } from "../../test/screen-test";
import { CreditScoreCard } from "./credit-score-card";

const SCORE = {
  weightedScore: 195,
  creditLevel: 1 as const,
  terms: { totalLimit: 140, usageHabits: 40, contribution: 15 },
  inputs: {
    totalDeposits: "3500",
    activeDays: 4,
    backtests: 1,
    strategiesShared: 0,
    verified: true,
  },
  nextLevel: {
    level: 2 as const,
    minScore: 300,
    quota: "5000",
    pointsNeeded: 105,
    needsVerification: false,
  },
  computedAt: "2026-11-26T08:00:00.000Z",
};

describe("<CreditScoreCard>", () => {
  useScreenTest();
  beforeEach(() => {
    signInAs("u1");
  });

  it("shows the level, the score, each term with its inputs and what the next level needs", async () => {
    await saveAccountExtra("weightedScores", "u1", SCORE);
    await renderAtRoute("/my", () => <CreditScoreCard userId="u1" />);
    await waitFor(() =>
      expect(screen.getByTestId("my-score-level").textContent).toBe("Credit level 1"),
    );
    expect(screen.getByTestId("my-score-value").textContent).toBe("Weighted score 195 of 1,000");
    const total = screen.getByTestId("my-score-term-total-limit").textContent;
    expect(total).toContain("140 / 400");
    expect(total).toContain("Credited deposits: 3,500 USDT (the whole term from 10,000 USDT).");
    expect(screen.getByTestId("my-score-term-usage-habits").textContent).toContain(
      "Days with a trade in the last 30 (UTC): 4.",
    );
    const contribution = screen.getByTestId("my-score-term-contribution").textContent;
    expect(contribution).toContain("15 / 300");
    expect(contribution).toContain("strategies shared: 0 (sharing is not offered yet)");
    expect(screen.getByTestId("my-score-next").textContent).toContain(
      "Level 2 (plan quota 5,000 USDT) needs:105 more points (a score of at least 300)",
    );
    expect(screen.queryByTestId("my-score-needs-verification")).toBeNull();
  });

  it("names verification when the next level needs it, and the top level has no next", async () => {
    await saveAccountExtra("weightedScores", "u1", {
      ...SCORE,
      creditLevel: 0,
      inputs: { ...SCORE.inputs, verified: false },
      nextLevel: { level: 1, minScore: 0, quota: "1000", pointsNeeded: 0, needsVerification: true },
    });
    await renderAtRoute("/my", () => <CreditScoreCard userId="u1" />);
    await waitFor(() => expect(screen.getByTestId("my-score-needs-verification")).toBeTruthy());
    expect(screen.queryByTestId("my-score-needs-points")).toBeNull();
  });

  it("says when the score was never read on this device, and shows no number", async () => {
    await renderAtRoute("/my", () => <CreditScoreCard userId="u1" />);
    await waitFor(() => expect(screen.getByTestId("my-score-missing")).toBeTruthy());
    expect(screen.queryByTestId("my-score-value")).toBeNull();
  });
});
