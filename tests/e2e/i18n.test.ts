// Languages in the browser: detection from the browser locale, the switcher, persistence.
import { describe, expect, it } from "vitest";
import { useE2E } from "./harness/fixtures";

const e2e = useE2E();
// A catalog is a chunk of its own: on a loaded CI machine it can take longer than poll's 1 s.
const CATALOG = { timeout: 15_000 } as const;

describe("languages", () => {
  it("detects Japanese from a ja-JP browser and persists a switch across reloads", async () => {
    const session = await e2e.newSession({ locale: "ja-JP" });
    const { page } = session;
    await page.goto("/login");
    await page.getByTestId("screen-login").waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), CATALOG).toBe("ja");
    const japaneseTitle = await page.locator("h1").textContent();
    expect(japaneseTitle).not.toBe("Sign in with your wallet");
    expect(japaneseTitle).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);

    await page.getByTestId("language-switcher").selectOption("de");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), CATALOG).toBe("de");
    const germanTitle = await page.locator("h1").textContent();
    expect(germanTitle).not.toBe(japaneseTitle);
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("de");

    await page.reload();
    await page.getByTestId("screen-login").waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), CATALOG).toBe("de");
    expect(await page.locator("h1").textContent()).toBe(germanTitle);
  });

  it("maps a Chinese browser to traditional Chinese and an unsupported one to English", async () => {
    const chinese = await e2e.newSession({ locale: "zh-CN" });
    await chinese.page.goto("/login");
    await expect
      .poll(() => chinese.page.evaluate(() => document.documentElement.lang), CATALOG)
      .toBe("zh-TW");

    const russian = await e2e.newSession({ locale: "ru-RU" });
    await russian.page.goto("/login");
    await russian.page.getByTestId("screen-login").waitFor();
    expect(await russian.page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await russian.page.locator("h1").textContent()).toBe("Sign in with your wallet");
  });
});
