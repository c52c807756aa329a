// The app's "Send from my wallet" (src/wallet/usdt-chain.ts) against a real anvil dev chain: each
// failure is named by its cause (a wallet without gas is not blamed on its USDT).
import { parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevChain } from "../../server/chain/dev-chain";
import { FAUCET_GAS } from "../../server/chain/dev-chain";
import type { TransferRequest } from "../../src/sync/usdt-chain-port";
import { InsufficientUsdtError, NoGasError, sendUsdtTransfer } from "../../src/wallet/usdt-chain";
import { testClient } from "./helpers/recharge";
import { startTestChain } from "./helpers/test-chain";

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 60_000);
afterAll(async () => {
  await chain?.stop();
});

function transfer(privateKey: string, amount: string): TransferRequest {
  return {
    access: { kind: "relay", url: chain.rpcUrl },
    privateKey,
    chainId: chain.chainId,
    token: chain.token,
    to: chain.depositAddress,
    amount,
  };
}

describe("sending USDT from the wallet", () => {
  it("says the wallet has no ETH for gas when it holds USDT but no ETH", async () => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    const hash = await chain.sendTestUsdt(address, parseUnits("100", 6));
    await chain.publicClient.waitForTransactionReceipt({ hash });
    await expect(sendUsdtTransfer(transfer(key, "50"))).rejects.toBeInstanceOf(NoGasError);
  });

  it("says the wallet holds too little USDT when that is the cause", async () => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    await testClient(chain).setBalance({ address, value: parseEther("1") });
    await expect(sendUsdtTransfer(transfer(key, "50"))).rejects.toBeInstanceOf(
      InsufficientUsdtError,
    );
  });

  it("sends with what the faucet gives: its USDT and its ETH", async () => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    for (const hash of [
      await chain.sendGas(address, FAUCET_GAS),
      await chain.sendTestUsdt(address, parseUnits("1000", 6)),
    ]) {
      await chain.publicClient.waitForTransactionReceipt({ hash });
    }
    const hash = await sendUsdtTransfer(transfer(key, "1000"));
    const receipt = await chain.publicClient.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
  });
});
