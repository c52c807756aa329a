// Reading and steering a test's anvil dev chain: mine blocks, read Test USDT balances and the hot
// wallet's nonce, wait for a transfer to be included, and find a balance's storage slot.
import {
  createTestClient,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  type Address,
  type Hex,
} from "viem";
import type { DevChain } from "../../../server/chain/dev-chain";

export function chainControl(chain: () => DevChain) {
  const anvil = () => createTestClient({ mode: "anvil", transport: http(chain().rpcUrl) });
  return {
    anvil,
    mine: (blocks = 1) => anvil().mine({ blocks }),
    tokenBalance: (owner: string) =>
      chain().publicClient.readContract({
        address: chain().token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [getAddress(owner)],
      }),
    // Anvil answers eth_sendRawTransaction before its automine has included the transfer.
    included: (hash: Hex) =>
      chain().publicClient.waitForTransactionReceipt({
        hash,
        pollingInterval: 20,
        timeout: 10_000,
      }),
    hotNonce: () =>
      chain().publicClient.getTransactionCount({ address: chain().hotWallet, blockTag: "pending" }),
  };
}

/** A Test USDT balance's storage slot (TestUSDT.sol: totalSupply is slot 0, balanceOf 1). */
export const balanceSlot = (owner: Address): Hex =>
  keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [owner, 1n]));
