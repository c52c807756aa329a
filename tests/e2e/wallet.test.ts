// Proves the e2e harness with real parts: the real server and built app, real Chromium, and a test
// wallet whose signatures are checked here with viem, so a harness that only pretends would fail.
import type { Page } from "playwright-core";
import { verifyMessage, verifyTypedData } from "viem";
import { describe, expect, it } from "vitest";
import { useE2E } from "./harness/fixtures";

const e2e = useE2E();

interface Announcement {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
  frozen: boolean;
  isWindowEthereum: boolean;
}

type RpcOutcome = { result: unknown } | { error: { code: unknown; message: string } };

/** Discovers wallets the EIP-6963 way and keeps the first one as `window.__e2eProvider`. */
function discover(page: Page): Promise<Announcement[]> {
  return page.evaluate(() => {
    const found: Announcement[] = [];
    window.addEventListener("eip6963:announceProvider", (event) => {
      const detail = (event as CustomEvent).detail as {
        info: Omit<Announcement, "frozen" | "isWindowEthereum">;
        provider: unknown;
      };
      const globals = window as unknown as Record<string, unknown>;
      globals["__e2eProvider"] ??= detail.provider;
      found.push({
        ...detail.info,
        frozen: Object.isFrozen(detail),
        isWindowEthereum: globals["ethereum"] === detail.provider,
      });
    });
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    return found;
  });
}

/** One EIP-1193 request through the discovered provider, as the app would make it. */
function rpc(page: Page, method: string, params?: unknown[]): Promise<RpcOutcome> {
  return page.evaluate(
    async ({ method, params }) => {
      const provider = (window as unknown as Record<string, unknown>)["__e2eProvider"] as {
        request(args: { method: string; params?: unknown[] }): Promise<unknown>;
      };
      try {
        return { result: await provider.request({ method, params }) };
      } catch (error) {
        const { code, message } = error as { code?: unknown; message: string };
        return { error: { code, message } };
      }
    },
    { method, params },
  );
}

async function connectOnLogin(page: Page): Promise<void> {
  const response = await page.goto("/login");
  expect(response?.ok()).toBe(true);
  expect(await discover(page)).not.toHaveLength(0);
  expect(await rpc(page, "eth_requestAccounts")).toEqual({
    result: [e2e.wallet.address.toLowerCase()],
  });
}

function toHexUtf8(page: Page, text: string): Promise<`0x${string}`> {
  return page.evaluate((value) => {
    const bytes = new TextEncoder().encode(value);
    return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}` as const;
  }, text);
}

describe("test wallet", () => {
  it("is announced through EIP-6963 on the first navigation to /login", async () => {
    const { page } = e2e;
    await page.goto("/login");
    const announcements = await discover(page);

    expect(announcements.length).toBeGreaterThan(0);
    const [first] = announcements;
    expect(first).toMatchObject({
      name: "Quanta Test Wallet",
      rdns: "dev.quanta.testwallet",
      frozen: true,
      isWindowEthereum: true,
    });
    expect(first?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.icon).toMatch(/^data:image\/svg\+xml[;,]/);
    // Re-announced on every request, always as the same wallet.
    expect(new Set(announcements.map((a) => a.uuid)).size).toBe(1);
  });

  it("answers chain id 0x7a69 and signs a personal_sign that recovers its address", async () => {
    const { page, wallet } = e2e;
    await connectOnLogin(page);
    expect(await rpc(page, "eth_chainId")).toEqual({ result: "0x7a69" });
    expect(await rpc(page, "net_version")).toEqual({ result: "31337" });

    const message = `localhost wants you to sign in with your Ethereum account:\n${wallet.address}\n\nNonce: ${Date.now()}`;
    const signed = await rpc(page, "personal_sign", [
      await toHexUtf8(page, message),
      wallet.address,
    ]);
    expect(signed).toHaveProperty("result");
    const signature = (signed as { result: `0x${string}` }).result;

    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true);
    // The check itself can fail: the same signature does not verify another message.
    expect(
      await verifyMessage({ address: wallet.address, message: `${message}!`, signature }),
    ).toBe(false);
    expect(wallet.requests.map((r) => r.method)).toContain("personal_sign");
  });

  it("signs EIP-712 typed data (eth_signTypedData_v4) with the same key", async () => {
    const { page, wallet } = e2e;
    await connectOnLogin(page);
    const typedData = {
      domain: { name: "Quanta", version: "1", chainId: 31337 },
      types: {
        Order: [
          { name: "side", type: "string" },
          { name: "amount", type: "uint256" },
        ],
      },
      primaryType: "Order",
      message: { side: "buy", amount: "1000000" },
    } as const;
    const signed = await rpc(page, "eth_signTypedData_v4", [
      wallet.address,
      JSON.stringify(typedData),
    ]);
    const signature = (signed as { result: `0x${string}` }).result;
    expect(
      await verifyTypedData({
        ...typedData,
        message: { side: "buy", amount: 1_000_000n },
        address: wallet.address,
        signature,
      }),
    ).toBe(true);
  });

  it("rejects with 4001 when the user refuses, and signs again once allowed", async () => {
    const { page, wallet } = e2e;
    await connectOnLogin(page);
    const data = await toHexUtf8(page, "refuse me");

    wallet.setRefuse(true);
    const refused = await rpc(page, "personal_sign", [data, wallet.address]);
    expect(refused).toEqual({ error: { code: 4001, message: "User rejected the request." } });

    wallet.setRefuse(false);
    expect(await rpc(page, "personal_sign", [data, wallet.address])).toHaveProperty("result");

    const other = await e2e.newSession({ wallet: { refuse: true } });
    await other.page.goto("/login");
    await discover(other.page);
    expect(await rpc(other.page, "eth_requestAccounts")).toMatchObject({ error: { code: 4001 } });
    expect(await rpc(other.page, "eth_accounts")).toEqual({ result: [] });
  });

  it("refuses what a real wallet refuses and emits chainChanged on a switch", async () => {
    const { page, wallet } = e2e;
    await page.goto("/login");
    await discover(page);
    const data = await toHexUtf8(page, "too early");
    expect(await rpc(page, "personal_sign", [data, wallet.address])).toMatchObject({
      error: { code: 4100 },
    });
    // Sending is for the connected account only; what no wallet offers is "unsupported".
    const send = [{ from: wallet.address, to: wallet.address }];
    expect(await rpc(page, "eth_sendTransaction", send)).toMatchObject({ error: { code: 4100 } });
    expect(await rpc(page, "eth_signTransaction", [{}])).toMatchObject({ error: { code: 4200 } });
    const unknownChain = await rpc(page, "wallet_switchEthereumChain", [{ chainId: "0x89" }]);
    expect(unknownChain).toMatchObject({ error: { code: 4902 } });

    await page.evaluate(() => {
      const globals = window as unknown as Record<string, unknown>;
      const provider = globals["__e2eProvider"] as {
        on(event: string, listener: (chainId: unknown) => void): void;
      };
      globals["__e2eChains"] = [];
      provider.on("chainChanged", (chainId) => (globals["__e2eChains"] as unknown[]).push(chainId));
    });
    expect(await rpc(page, "wallet_switchEthereumChain", [{ chainId: "0x1" }])).toEqual({
      result: null,
    });
    expect(
      await page.evaluate(() => (window as unknown as Record<string, unknown>)["__e2eChains"]),
    ).toEqual(["0x1"]);
    expect(await rpc(page, "eth_chainId")).toEqual({ result: "0x1" });
    expect(wallet.chainId).toBe(1);
  });
});

describe("test wallet controller", () => {
  it("tells the page when the user switches network or disconnects in the wallet", async () => {
    const { page, wallet } = e2e;
    await connectOnLogin(page);
    await page.evaluate(() => {
      const globals = window as unknown as Record<string, unknown>;
      const provider = globals["__e2eProvider"] as {
        on(event: string, listener: (payload: unknown) => void): void;
      };
      const events: unknown[] = [];
      globals["__e2eEvents"] = events;
      provider.on("chainChanged", (chainId) => events.push(["chainChanged", chainId]));
      provider.on("accountsChanged", (accounts) => events.push(["accountsChanged", accounts]));
    });

    await wallet.setChainId(11155111);
    await wallet.disconnect();
    expect(
      await page.evaluate(() => (window as unknown as Record<string, unknown>)["__e2eEvents"]),
    ).toEqual([
      ["chainChanged", "0xaa36a7"],
      ["accountsChanged", []],
    ]);
    expect(await rpc(page, "eth_accounts")).toEqual({ result: [] });
    expect(wallet.connected).toBe(false);
  });
});

describe("harness", () => {
  it("reaches /health through the page origin and records the page's requests and errors", async () => {
    const { page, log, server } = e2e;
    await page.goto("/login");
    const health = await page.evaluate(async () => {
      const response = await fetch("/health");
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, mode: "demo" });

    expect(log.requests).toContain(`${server.url}/login`);
    expect(log.requests).toContain(`${server.url}/health`);
    await page.evaluate(() => console.error("e2e harness probe"));
    expect(log.consoleErrors.some((line) => line.includes("e2e harness probe"))).toBe(true);
  });

  it("gives each session its own locale and a fresh profile", async () => {
    const japanese = await e2e.newSession({ locale: "ja-JP" });
    await japanese.page.goto("/login");
    expect(await japanese.page.evaluate(() => navigator.language)).toBe("ja-JP");

    await e2e.page.goto("/login");
    await e2e.page.evaluate(() => localStorage.setItem("e2e-leak-check", "1"));
    const fresh = await e2e.newSession();
    await fresh.page.goto("/login");
    expect(await fresh.page.evaluate(() => localStorage.getItem("e2e-leak-check"))).toBeNull();
    expect(fresh.profileDir).not.toBe(e2e.session.profileDir);
  });
});
