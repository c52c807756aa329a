// The message checks that need no database: format, origin and times. The full sign-in, with real
// signatures and nonces, is tested in tests/server/auth-wallet.test.ts.
import { createSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { checkSiweMessage, expectedOrigin, SignInRejected } from "./siwe-message";

const ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const NOW = new Date("2025-06-01T12:00:00.000Z");
const EXPECTED = { origin: "https://quanta.example", chainIds: [1], now: NOW };

const message = (fields: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({
    domain: "quanta.example",
    address: ADDRESS,
    uri: "https://quanta.example/login",
    version: "1",
    chainId: 1,
    nonce: "0123456789abcdef",
    issuedAt: new Date("2025-06-01T11:59:00.000Z"),
    ...fields,
  });

function rejection(raw: string): string {
  try {
    checkSiweMessage(raw, EXPECTED);
  } catch (error) {
    if (error instanceof SignInRejected) return error.message;
    throw error;
  }
  return "accepted";
}

describe("checkSiweMessage", () => {
  it("answers the address and nonce of a good message", () => {
    expect(checkSiweMessage(message(), EXPECTED)).toEqual({
      address: ADDRESS,
      nonce: "0123456789abcdef",
    });
  });

  it("accepts any RFC 3339 spelling of a time, and an upper-case or default-port domain", () => {
    const raw = message().replace("2025-06-01T11:59:00.000Z", "2025-06-01T19:59:00+08:00");
    expect(rejection(raw)).toBe("accepted");
    expect(rejection(message().replace("11:59:00.000Z", "11:59:00Z"))).toBe("accepted");
    expect(rejection(message({ domain: "Quanta.Example:443" }))).toBe("accepted");
  });

  it("refuses text around or inside the message that viem's parser would skip", () => {
    expect(rejection(`${message()}\n`)).toMatch(/lines EIP-4361 does not allow/);
    expect(rejection(`${message()}\nURI: https://evil.example`)).toMatch(/lines/);
    const inserted = message().replace("\nVersion: 1", "\nHello: there\nVersion: 1");
    expect(rejection(inserted)).not.toBe("accepted");
    expect(rejection(message().replace("Issued At: 2025", "Issued At: garbage 2025"))).toMatch(
      /issuedAt is not an RFC 3339 date-time|not an EIP-4361/,
    );
  });

  it("names the field that is wrong", () => {
    expect(rejection(message().replace("0123456789abcdef", "short1"))).toMatch(
      /nonce is not valid for EIP-4361/,
    );
    expect(rejection(message().replace("Version: 1", "Version: 2"))).toMatch(/version/);
    expect(rejection(message({ chainId: 10 }))).toBe(
      "Chain ID 10 is not accepted here (accepted: 1)",
    );
    expect(rejection(message({ domain: "quanta.example:8443" }))).toBe(
      'The message is for "quanta.example:8443", not "quanta.example"',
    );
    expect(rejection(message({ uri: "https://quanta.example.evil.test/" }))).toMatch(/URI/);
  });

  it("allows a minute of clock skew on issued-at and none on expiry", () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    expect(rejection(message({ issuedAt: at(60_000) }))).toBe("accepted");
    expect(rejection(message({ issuedAt: at(61_000) }))).toMatch(/issued in the future/);
    expect(rejection(message({ expirationTime: at(1) }))).toBe("accepted");
    expect(rejection(message({ expirationTime: NOW }))).toMatch(/expired at/);
    expect(rejection(message({ notBefore: NOW }))).toBe("accepted");
    expect(rejection(message({ notBefore: at(1_000) }))).toMatch(/not valid before/);
  });
});

describe("expectedOrigin", () => {
  it("prefers PUBLIC_ORIGIN, else uses the request's protocol and Host", () => {
    expect(expectedOrigin("https://quanta.example", "http", "evil.example")).toBe(
      "https://quanta.example",
    );
    expect(expectedOrigin(null, "http", "localhost:8080")).toBe("http://localhost:8080");
    expect(expectedOrigin(null, "https", "Quanta.Example:443")).toBe("https://quanta.example");
  });

  it.each([undefined, "", "evil.example/path", "a b", "x@y", "host:99999999"])(
    "refuses the Host header %j",
    (host) => {
      expect(() => expectedOrigin(null, "http", host)).toThrow(SignInRejected);
    },
  );
});
