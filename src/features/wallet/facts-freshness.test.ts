import { describe, expect, it } from "vitest";
import { WALLET_FACTS_MAX_AGE_MS } from "../../sync/pull-wallet";
import { walletScreenFreshness } from "./facts-freshness";

const now = Date.parse("2026-11-26T01:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("walletScreenFreshness", () => {
  it("is the account pull's time while the deposit facts are within their re-read policy", () => {
    // Facts read 9 minutes ago (re-read every 10), account pulled 5 s ago: "just now", not 9 min.
    expect(walletScreenFreshness(ago(5_000), ago(9 * 60_000), now)).toBe(ago(5_000));
  });

  it("is the facts' time once they are older than the policy allows", () => {
    const old = ago(3 * WALLET_FACTS_MAX_AGE_MS);
    expect(walletScreenFreshness(ago(5_000), old, now)).toBe(old);
  });

  it("is never-updated while the facts were never read", () => {
    expect(walletScreenFreshness(ago(5_000), null, now)).toBeNull();
  });
});
