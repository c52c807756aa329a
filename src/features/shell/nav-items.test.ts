// The tab bar is data-driven: only live places, and a product joins it by flipping `live`.
import { describe, expect, it } from "vitest";
import { NAV_ITEMS, tabItems } from "./nav-items";

describe("tabItems", () => {
  it("keeps placeholders (quant) and places not meant for it (options) out of the tab bar", () => {
    const paths = tabItems().map((item) => item.to);
    expect(paths).toEqual(["/home", "/contract", "/spots", "/my", "/data"]);
    for (const item of NAV_ITEMS.filter((candidate) => !candidate.live)) {
      expect(paths).not.toContain(item.to);
    }
  });

  it("adds a product to the tab bar, in menu order, when its flag flips to live", () => {
    const withQuant = NAV_ITEMS.map((item) =>
      item.to === "/intelligent" ? { ...item, live: true, tab: true } : item,
    );
    expect(tabItems(withQuant).map((item) => item.to)).toEqual([
      "/home",
      "/contract",
      "/intelligent",
      "/spots",
      "/my",
      "/data",
    ]);
  });

  it("never puts a place that is not meant for the tab bar there, live or not", () => {
    const allLive = NAV_ITEMS.map((item) => ({ ...item, live: true }));
    expect(tabItems(allLive).map((item) => item.to)).not.toContain("/withdrawal");
    expect(tabItems(allLive).length).toBeLessThanOrEqual(6);
  });
});
