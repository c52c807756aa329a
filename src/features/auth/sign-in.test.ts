import { i18n } from "@lingui/core";
import { parseSiweMessage } from "viem/siwe";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors";
import { messages } from "../../locales/en/messages.po";
import type * as SyncAccount from "../../sync/account";
import { EmptyProfileError, finishWalletSignIn, requestSignInNonce } from "../../sync/account";
import { WalletRejectedError, type Wallets } from "../../wallet";
import { describeSignInFailure, signInWithWallet } from "./sign-in";

vi.mock("../../sync/account", async (importOriginal) => ({
  ...(await importOriginal<typeof SyncAccount>()),
  requestSignInNonce: vi.fn(async () => "n0nce1234abcd"),
  finishWalletSignIn: vi.fn(async () => undefined),
}));

const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

function fakeWallets(overrides: Partial<Wallets> = {}): Wallets {
  return {
    choices: () => [],
    subscribe: () => () => undefined,
    connect: vi.fn(async () => ({ address, chainId: 1 })),
    sign: vi.fn(async () => "0xsigned" as const),
    disconnect: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe("signInWithWallet", () => {
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages }));
  beforeEach(() => vi.clearAllMocks());

  it("connects, signs an EIP-4361 message for this page, and sends it with the invite code", async () => {
    const wallets = fakeWallets();
    await signInWithWallet(wallets, "io.metamask", "INVITE7");
    expect(wallets.connect).toHaveBeenCalledWith("io.metamask");
    expect(requestSignInNonce).toHaveBeenCalledWith(address);
    const message = vi.mocked(wallets.sign).mock.calls[0]?.[0] ?? "";
    expect(parseSiweMessage(message)).toMatchObject({
      domain: location.host,
      uri: location.origin,
      address,
      chainId: 1,
      nonce: "n0nce1234abcd",
      version: "1",
    });
    expect(finishWalletSignIn).toHaveBeenCalledWith({
      message,
      signature: "0xsigned",
      inviteCode: "INVITE7",
    });
    // Signed in: the wallet stays connected.
    expect(wallets.disconnect).not.toHaveBeenCalled();
  });

  it("sends no invite code when the link had none", async () => {
    await signInWithWallet(fakeWallets(), "io.metamask", undefined);
    expect(vi.mocked(finishWalletSignIn).mock.calls[0]?.[0]).not.toHaveProperty("inviteCode");
  });

  it("disconnects the wallet whatever step fails, and passes the failure on", async () => {
    const refused = new WalletRejectedError("refused");
    const wallets = fakeWallets({ sign: vi.fn(async () => Promise.reject(refused)) });
    await expect(signInWithWallet(wallets, "io.metamask", undefined)).rejects.toBe(refused);
    expect(wallets.disconnect).toHaveBeenCalledTimes(1);
    expect(finishWalletSignIn).not.toHaveBeenCalled();

    vi.mocked(finishWalletSignIn).mockRejectedValueOnce(new EmptyProfileError("empty"));
    const other = fakeWallets();
    await expect(signInWithWallet(other, "io.metamask", undefined)).rejects.toBeInstanceOf(
      EmptyProfileError,
    );
    expect(other.disconnect).toHaveBeenCalledTimes(1);
  });

  it("explains each failure, and leaves server errors to the transport's toast", () => {
    expect(describeSignInFailure(new WalletRejectedError("x"))).toBe(
      "The request was cancelled in your wallet. You are not signed in.",
    );
    expect(describeSignInFailure(new EmptyProfileError("x"))).toBe(
      "Verification failed, please Login again.",
    );
    expect(describeSignInFailure(new ApiError(401, "UNAUTHORIZED", "Bad signature"))).toBeNull();
    expect(describeSignInFailure(new Error("boom"))).toBe("Signing in failed. Please try again.");
  });
});
