import { hexToString, stringToHex, verifyMessage } from "viem";
import { describe, expect, it } from "vitest";
import {
  createDemoProvider,
  DEMO_CHAIN_ID,
  getOrCreateDemoKey,
  isPrivateKey,
  type DemoKeyStore,
} from "./demo-wallet";

function memoryStore(initial: string | null = null): DemoKeyStore & { saves: number } {
  let kept = initial;
  return {
    saves: 0,
    load: async () => kept,
    async save(key) {
      this.saves += 1;
      kept ??= key;
      return kept;
    },
  };
}

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

describe("getOrCreateDemoKey", () => {
  it("generates a key once and then keeps answering it", async () => {
    const store = memoryStore();
    const first = await getOrCreateDemoKey(store);
    expect(isPrivateKey(first)).toBe(true);
    expect(await getOrCreateDemoKey(store)).toBe(first);
    expect(store.saves).toBe(1);
  });

  it("uses the key another tab stored first", async () => {
    const store: DemoKeyStore = { load: async () => null, save: async () => KEY };
    expect(await getOrCreateDemoKey(store)).toBe(KEY);
  });

  it("refuses a stored value that is not a private key", async () => {
    await expect(getOrCreateDemoKey(memoryStore("0x1234"))).rejects.toThrow(/not a private key/);
  });
});

describe("demo provider", () => {
  it("shares no account until connected, then signs what the wallet shows", async () => {
    const provider = createDemoProvider(KEY);
    expect(await provider.request({ method: "eth_accounts" })).toEqual([]);
    expect(await provider.request({ method: "eth_chainId" })).toBe("0x7a69");
    expect(DEMO_CHAIN_ID).toBe(31337);

    const address = provider.address;
    const text = "Sign in to Quanta";
    await expect(
      provider.request({ method: "personal_sign", params: [stringToHex(text), address] }),
    ).rejects.toMatchObject({ code: 4100 });

    const seen: unknown[] = [];
    provider.on("accountsChanged", (accounts) => seen.push(accounts));
    expect(await provider.request({ method: "eth_requestAccounts" })).toEqual([
      address.toLowerCase(),
    ]);
    const signature = (await provider.request({
      method: "personal_sign",
      params: [stringToHex(text), address.toLowerCase()],
    })) as `0x${string}`;
    expect(await verifyMessage({ address, message: text, signature })).toBe(true);
    expect(hexToString(stringToHex(text))).toBe(text);

    await provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] });
    expect(await provider.request({ method: "eth_accounts" })).toEqual([]);
    expect(seen).toEqual([[address.toLowerCase()], []]);
  });

  it("stays on the demo chain and rejects what it does not do", async () => {
    const provider = createDemoProvider(KEY);
    await expect(
      provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] }),
    ).rejects.toMatchObject({ code: 4902 });
    expect(
      await provider.request({
        method: "wallet_switchEthereumChain",
        params: [{ chainId: "0x7a69" }],
      }),
    ).toBeNull();
    await expect(provider.request({ method: "eth_sendTransaction" })).rejects.toMatchObject({
      code: 4200,
    });
  });
});
