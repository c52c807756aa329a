import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { securityHeadersPlugin, WALLETCONNECT_SOURCES } from "./security-headers";

async function policyOf(walletConnect: boolean): Promise<Record<string, string>> {
  const app = Fastify();
  await app.register(securityHeadersPlugin, { publicOrigin: null, walletConnect });
  app.get("/", async () => "ok");
  try {
    const response = await app.inject({ url: "/", headers: { host: "localhost:8080" } });
    const csp = String(response.headers["content-security-policy"]);
    return Object.fromEntries(
      csp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );
  } finally {
    await app.close();
  }
}

describe("CSP and WalletConnect", () => {
  it("stays same-origin when the app is built without WalletConnect", async () => {
    const policy = await policyOf(false);
    expect(policy["connect-src"]).toBe("'self' ws://localhost:8080 wss://localhost:8080");
    expect(policy["img-src"]).toBe("'self' data: blob:");
    expect(policy["frame-src"]).toBeUndefined();
    expect(JSON.stringify(policy)).not.toMatch(/walletconnect|web3modal|fonts\./);
  });

  it("admits exactly WalletConnect's relay, APIs, images, fonts and frames when it is on", async () => {
    const policy = await policyOf(true);
    for (const source of WALLETCONNECT_SOURCES.connect) {
      expect(policy["connect-src"]).toContain(source);
    }
    expect(policy["connect-src"]).toMatch(/^'self' ws:\/\/localhost:8080 wss:\/\/localhost:8080 /);
    expect(policy["img-src"]).toContain("https://api.web3modal.org");
    expect(policy["font-src"]).toContain("https://fonts.reown.com");
    expect(policy["style-src"]).toContain("https://fonts.googleapis.com");
    expect(policy["frame-src"]).toBe(`'self' ${WALLETCONNECT_SOURCES.frame.join(" ")}`);
    // Scripts still come only from this origin: WalletConnect is bundled, never loaded remotely.
    expect(policy["script-src"]).toBe("'self' 'wasm-unsafe-eval'");
    expect(policy["default-src"]).toBe("'self'");
  });
});
