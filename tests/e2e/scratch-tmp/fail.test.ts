import { expect, it } from "vitest";
import { useE2E } from "./fixtures";
const e2e = useE2E({ server: { distDir: new URL("./dist", import.meta.url).pathname } });
it("deliberate failure: shows artifacts", async () => {
  await e2e.page.goto("/login");
  await e2e.page.evaluate(() => console.error("boom in page"));
  const second = await e2e.newSession({ locale: "ja-JP" });
  await second.page.goto("/nowhere");
  expect(1).toBe(2);
});
it("passes after a failure", async () => {
  await e2e.page.goto("/login");
  expect(await e2e.page.title()).toBe("loaded");
});
