// The help centre's weighted-score answer publishes the formula and the level table the server
// computes with, in every language: each weight, cap and window, and one line per credit level
// with its threshold and quota, all read from protocol/ (never copied into a language file).
import { describe, expect, it } from "vitest";
import { CREDIT_LEVELS } from "../../../../../protocol/credit-levels";
import { SCORE_WEIGHTS } from "../../../../../protocol/weighted-score";
import { SEED_LANGS } from "../index";
import { WEIGHTED_SCORE_ARTICLE } from "./weighted-score-article";

const plain = (html: string) => html.replace(/<[^>]*>/g, "");

describe("the weighted-score answer", () => {
  it("shows the formula and the level table in English, as the protocol states them", () => {
    const body = SEED_LANGS.en.articles[WEIGHTED_SCORE_ARTICLE]?.body ?? "";
    const text = plain(body);
    expect(text).toContain("Total limit = 400 × min(1, credited deposits ÷ 10,000 USDT)");
    expect(text).toContain("Usage habits = 300 × days with a trade among the last 30 ÷ 30");
    expect(text).toContain(
      "Contribution to model training = 300 × min(1, (backtests run + strategies shared) ÷ 20)",
    );
    expect(text).toContain("from 0 to 1,000");
    expect(text).toContain("Level 0: identity not verified. Plan quota 100 USDT.");
    expect(text).toContain("Level 1: identity verified. Plan quota 1,000 USDT.");
    expect(text).toContain(
      "Level 4: identity verified and a score of at least 850. Plan quota 50,000 USDT.",
    );
  });

  it("gives every language every weight and one line per level", () => {
    for (const [lang, content] of Object.entries(SEED_LANGS)) {
      const body = content?.articles[WEIGHTED_SCORE_ARTICLE]?.body ?? "";
      const levelsList = body.split("<h2>")[2] ?? "";
      expect(levelsList.match(/<li>/g)?.length, lang).toBe(CREDIT_LEVELS.length);
      for (const weight of Object.values(SCORE_WEIGHTS)) {
        expect(plain(body), lang).toContain(`${weight} × `);
      }
      expect(body, lang).toContain('href="/my"');
    }
  });
});
