// The /web link viewer (DESIGN §7): `?id=` of a seeded /system/link item shows that
// operator link — its title and whole URL, and since no outside origin is admitted to frame-src,
// an "Open in browser" link to exactly that URL and no frame — and an unknown id says so. Never
// an arbitrary URL: the address bar's id is only ever looked up among the operator's links.
import { afterAll, describe, expect, it } from "vitest";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { waitForFreshness } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });

describe("/web?id=", () => {
  it("opens a seeded operator link, and says an unknown id is not one", async () => {
    const { page } = e2e;
    await signInThroughLogin(page);
    await page.goto("/web?id=partner-ethereum");
    await waitForFreshness(page);
    await page.getByTestId("web-url").waitFor();
    expect(await page.getByTestId("web-url").textContent()).toBe("https://ethereum.org");
    expect(await page.locator("#web-link-title").textContent()).toBe(
      "Ethereum — settlement network",
    );
    const open = page.getByTestId("web-open");
    expect(await open.getAttribute("href")).toBe("https://ethereum.org");
    expect(await open.getAttribute("target")).toBe("_blank");
    expect(await page.getByTestId("web-frame").count()).toBe(0);
    expect(await page.getByTestId("web-outside-note").isVisible()).toBe(true);

    await page.goto("/web?id=no-such-link");
    await page.getByTestId("web-unknown").waitFor();
    expect(await page.getByTestId("web-unknown").textContent()).toContain("no-such-link");
    expect(await page.getByTestId("web-open").count()).toBe(0);

    // A URL in place of an id is no id at all: nothing to open, nothing framed.
    await page.goto("/web?id=https%3A%2F%2Fevil.example");
    await page.getByTestId("web-unknown").waitFor();
    expect(await page.locator('a[href="https://evil.example"]').count()).toBe(0);
    expect(await page.locator("iframe").count()).toBe(0);
  });
});
