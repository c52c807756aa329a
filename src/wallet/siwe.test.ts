import { verifyMessage } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { parseSiweMessage, validateSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { buildSignInMessage, SIGN_IN_STATEMENT } from "./siwe";

// Anvil's well-known test key #0: never holds real funds.
const account = privateKeyToAccount(
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
);
const issuedAt = new Date("2025-03-04T05:06:07.000Z");

const input = {
  address: account.address,
  chainId: 31337,
  nonce: "a1b2c3d4e5f6a7b8",
  host: "127.0.0.1:41234",
  origin: "http://127.0.0.1:41234",
  issuedAt,
};

describe("buildSignInMessage", () => {
  it("writes the EIP-4361 fields the server checks, exactly", () => {
    const message = buildSignInMessage(input);
    expect(message.split("\n")).toEqual([
      "127.0.0.1:41234 wants you to sign in with your Ethereum account:",
      account.address,
      "",
      SIGN_IN_STATEMENT,
      "",
      "URI: http://127.0.0.1:41234",
      "Version: 1",
      "Chain ID: 31337",
      "Nonce: a1b2c3d4e5f6a7b8",
      "Issued At: 2025-03-04T05:06:07.000Z",
    ]);
  });

  it("parses back to the same fields and validates for the page's host", () => {
    const message = buildSignInMessage({ ...input, chainId: 1, host: "quanta.example" });
    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({
      domain: "quanta.example",
      address: account.address,
      uri: "http://127.0.0.1:41234",
      version: "1",
      chainId: 1,
      nonce: "a1b2c3d4e5f6a7b8",
      statement: SIGN_IN_STATEMENT,
    });
    expect(parsed.issuedAt?.toISOString()).toBe(issuedAt.toISOString());
    expect(parsed.expirationTime).toBeUndefined();
    expect(validateSiweMessage({ message: parsed, domain: "quanta.example", time: issuedAt })).toBe(
      true,
    );
    expect(validateSiweMessage({ message: parsed, domain: "evil.example", time: issuedAt })).toBe(
      false,
    );
  });

  it("defaults issued-at to now", () => {
    const before = Date.now();
    const { issuedAt: stamped } = parseSiweMessage(
      buildSignInMessage({ ...input, issuedAt: undefined }),
    );
    expect(stamped?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stamped?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("is what a personal_sign signature recovers to the signer", async () => {
    const message = buildSignInMessage(input);
    const signature = await account.signMessage({ message });
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true);
    expect(
      await verifyMessage({ address: account.address, message: `${message} `, signature }),
    ).toBe(false);
  });

  it("refuses a nonce or host that EIP-4361 does not allow", () => {
    expect(() => buildSignInMessage({ ...input, nonce: "short" })).toThrow(/nonce/i);
    expect(() => buildSignInMessage({ ...input, nonce: "has-dashes-123" })).toThrow(/nonce/i);
    expect(() => buildSignInMessage({ ...input, host: "bad host" })).toThrow(/domain/i);
  });
});
