// Installability and offline: the manifest, the service worker, the shell offline, the update
// prompt. The server serves a private copy of dist/ so a test can publish a "new version".
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useE2E } from "./harness/fixtures";
import { waitForServiceWorker } from "./helpers/local-first";

const distCopy = mkdtempSync(path.join(tmpdir(), "quanta-dist-"));
cpSync(path.resolve("dist"), distCopy, { recursive: true });
afterAll(() => rmSync(distCopy, { recursive: true, force: true }));

const e2e = useE2E({ server: { distDir: distCopy } });

describe("PWA", () => {
  it("has a valid manifest with installable icons", async () => {
    const { page } = e2e;
    await page.goto("/login");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBeTruthy();
    const manifest = (await (await page.request.get(href ?? "")).json()) as {
      name: string;
      short_name: string;
      id: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: "Quanta", short_name: "Quanta", display: "standalone" });
    expect(manifest.id).toBeTruthy();
    expect(manifest.start_url).toBeTruthy();
    const themeMeta = await page
      .locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')
      .getAttribute("content");
    expect(manifest.theme_color).toBe(themeMeta);
    // Light theme (this session's): the browser bar is the header's colour (--q-surface).
    const lightMeta = await page
      .locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')
      .getAttribute("content");
    // Both as the browser resolves them (the variable may read "#fff" for "#ffffff").
    const [meta, surface] = await page.evaluate((color) => {
      const probe = document.createElement("div");
      document.body.append(probe);
      probe.style.background = color;
      const fromMeta = getComputedStyle(probe).backgroundColor;
      probe.style.background = "var(--q-surface)";
      const fromTheme = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return [fromMeta, fromTheme];
    }, lightMeta ?? "");
    expect(meta).toBe(surface);
    for (const [size, purpose] of [
      ["192x192", "any"],
      ["512x512", "any"],
      ["192x192", "maskable"],
      ["512x512", "maskable"],
    ]) {
      const icon = manifest.icons.find((i) => i.sizes === size && (i.purpose ?? "any") === purpose);
      expect(icon, `${size} ${purpose}`).toBeDefined();
      const response = await page.request.get(new URL(icon?.src ?? "", page.url()).href);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("image/png");
    }
    const touch = await page.request.get("/apple-touch-icon.png");
    expect(touch.status()).toBe(200);
  });

  it("renders the shell offline after one online visit", async () => {
    const { page, session } = e2e;
    await page.goto("/login");
    await page.getByTestId("screen-login").waitFor();
    // The notice shows for a few seconds once the first worker has installed.
    await page.getByTestId("pwa-offline-ready").waitFor({ timeout: 60_000 });
    await waitForServiceWorker(page);

    await session.context.setOffline(true);
    await page.reload();
    await page.getByTestId("screen-login").waitFor();
    await page.getByTestId("login-offline").waitFor();

    // A signed-in user's screens (other route chunks) open offline too.
    await page.evaluate(() => localStorage.setItem("token", "offline-token"));
    await page.goto("/spots");
    await page.getByTestId("screen-spots").waitFor();
    await page.getByTestId("offline-banner").waitFor();
  });

  it("offers the new version when a new service worker is waiting, and reloads into it", async () => {
    const { page } = e2e;
    await page.goto("/login");
    await waitForServiceWorker(page);

    // Publish a new version (any byte change to sw.js) and check for it, as the app's hourly and
    // on-focus check does, until the browser holds it as a waiting worker. Publishing again on
    // each round keeps the test independent of when the first worker finished installing.
    const publishAndCheck = async (): Promise<boolean> => {
      appendFileSync(path.join(distCopy, "sw.js"), `\n// version ${Date.now()}\n`);
      return page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update().catch(() => null);
        return Boolean(registration?.waiting ?? registration?.installing);
      });
    };
    await expect.poll(publishAndCheck, { timeout: 30_000, interval: 1_000 }).toBe(true);
    const prompt = page.getByTestId("pwa-update");
    await prompt.waitFor({ timeout: 30_000 });
    // Reload activates the waiting worker, and the page reloads once it has taken control.
    const reloaded = page.waitForEvent("load", { timeout: 30_000 });
    await prompt.getByRole("button", { name: "Reload" }).click();
    await reloaded;

    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.waiting === null && navigator.serviceWorker.controller !== null;
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.getByTestId("screen-login").waitFor();
    expect(await page.getByTestId("pwa-update").count()).toBe(0);
  });
});
