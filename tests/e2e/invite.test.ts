// Invitations in Chromium: user A opens /invite and shares the link; user B opens it, wanders
// off /login and back (the code is kept until the first sign-in), signs in with a new wallet;
// A's /invite then lists B masked (first 2 + last 2 characters of the hex), and offline it
// renders the same from IndexedDB.
import { generatePrivateKey } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { LOCAL, setNetwork, waitForServiceWorker } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });

describe("invitations", () => {
  it("B signs in through A's link; A's /invite lists B masked, online and offline", async () => {
    const { page: pageA, session: sessionA } = e2e;
    await signInThroughLogin(pageA);
    await waitForServiceWorker(pageA);
    await pageA.goto("/invite");
    const code = (await pageA.getByTestId("invite-code").textContent(LOCAL)) ?? "";
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const link = (await pageA.getByTestId("invite-link").textContent()) ?? "";
    expect(link).toBe(`${e2e.server.url}/login?invite=${code}`);
    expect(await pageA.getByTestId("invite-qr").getAttribute("data-qr-text")).toBe(link);
    await pageA.getByTestId("invite-empty").waitFor();

    const sessionB = await e2e.newSession({ wallet: { privateKey: generatePrivateKey() } });
    const pageB = sessionB.page;
    await pageB.goto(new URL(link).pathname + new URL(link).search);
    await pageB.getByTestId("login-invite").waitFor();
    // A detour before signing in: the code is kept (sessionStorage) for the first sign-in.
    await pageB.goto("/login");
    expect(await pageB.getByTestId("login-invite").textContent()).toContain(code);
    await signInThroughLogin(pageB);
    const b = sessionB.wallet.address.toLowerCase();
    const masked = `0x${b.slice(2, 4)}…${b.slice(-2)}`;

    await pageA.reload();
    const address = pageA.getByTestId("invitee-address");
    await expect.poll(() => address.first().textContent(), LOCAL).toBe(masked);
    expect(await pageA.getByTestId("invite-count").textContent()).toBe("1");
    expect(await pageA.getByTestId("invite-rules").textContent()).toContain("5 USDT (gift bonus)");
    expect(await pageA.content()).not.toContain(b.slice(2, 12));

    await setNetwork(sessionA.context, false);
    await pageA.reload();
    await pageA.getByTestId("screen-invite").waitFor(LOCAL);
    expect(await pageA.getByTestId("invitee-address").first().textContent(LOCAL)).toBe(masked);
    expect(await pageA.getByTestId("invite-code").textContent()).toBe(code);
    expect(sessionA.log.pageErrors).toEqual([]);
    expect(sessionB.log.pageErrors).toEqual([]);
  });
});
