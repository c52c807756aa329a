// The demo dev chain: anvil + Test USDT deployed from source + a deposit address and a hot wallet.
// Everything lives in memory and dies with anvil: a restart starts a fresh chain and redeploys
// (the contract usually lands at the same address, since the deployer's nonce starts at 0 again).
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { anvil } from "viem/chains";
import { startAnvil, DEV_CHAIN_ID, DEV_MNEMONIC } from "./anvil-process";
import type { ChainEndpoint } from "./chain-endpoint";
import { createHotWallet, type HotWallet } from "./hot-wallet";
import { loadTestUsdtArtifact } from "./test-usdt-artifact";

/** Test USDT the hot wallet starts with: plenty for faucets and withdrawals in a demo. */
export const HOT_WALLET_FLOAT = parseUnits("100000000", 6);

// Which of the mnemonic's accounts does what. The deployer (owner, the only minter) is not the
// deposit address, so a deposit is never confused with the owner's own transfers.
const DEPLOYER_INDEX = 0;
const HOT_WALLET_INDEX = 1;
const DEPOSIT_INDEX = 2;

export interface DevChain extends ChainEndpoint {
  hotWallet: Address;
  /** The hot wallet's send queue, shared by the faucet and withdrawals (one nonce order). */
  hotWalletSender: HotWallet;
  pid: number;
  abi: Abi;
  publicClient: PublicClient;
  /** A Test USDT transfer from the hot wallet, sent (not awaited to inclusion), via its queue. */
  sendTestUsdt(to: Address, units: bigint): Promise<Hex>;
  stop(): Promise<void>;
}

export interface DevChainOptions {
  /** Where the compiled Test USDT is cached (DATA_DIR/chain in the server). */
  cacheDir: string;
  confirmations: number;
  /** Default 1 s: blocks keep coming, so confirmations advance like on a real chain. */
  blockTimeSeconds?: number;
}

export async function startDevChain(options: DevChainOptions): Promise<DevChain> {
  // Compile (or read the cache) first: no anvil runs if the source does not compile.
  const { artifact } = await loadTestUsdtArtifact(options.cacheDir);
  const node = await startAnvil({ blockTimeSeconds: options.blockTimeSeconds ?? 1 });
  try {
    const transport = http(node.rpcUrl);
    const chain = { ...anvil, id: DEV_CHAIN_ID };
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 200 });
    const account = (addressIndex: number) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex });
    const deployer = createWalletClient({ chain, transport, account: account(DEPLOYER_INDEX) });
    const hot = createWalletClient({ chain, transport, account: account(HOT_WALLET_INDEX) });

    const deployHash = await deployer.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
    });
    const deployed = await publicClient.waitForTransactionReceipt({ hash: deployHash });
    if (deployed.status !== "success" || !deployed.contractAddress) {
      throw new Error("Test USDT deployment failed");
    }
    // Receipts carry the address in lower case; the wire (GET /wallet/deposit) wants EIP-55.
    const token = getAddress(deployed.contractAddress);
    const mintHash = await deployer.writeContract({
      address: token,
      abi: artifact.abi,
      functionName: "mint",
      args: [hot.account.address, HOT_WALLET_FLOAT],
    });
    const minted = await publicClient.waitForTransactionReceipt({ hash: mintHash });
    if (minted.status !== "success") throw new Error("minting Test USDT to the hot wallet failed");

    // Faucet and withdrawals share this one queue, so they never take the same nonce.
    const hotWalletSender = createHotWallet({
      account: account(HOT_WALLET_INDEX),
      chain,
      rpcUrl: node.rpcUrl,
      token,
      publicClient,
    });
    const sendTestUsdt = async (to: Address, units: bigint): Promise<Hex> =>
      (await hotWalletSender.transfer({ to, units })).hash;

    return {
      chainId: DEV_CHAIN_ID,
      rpcUrl: node.rpcUrl,
      token,
      depositAddress: account(DEPOSIT_INDEX).address,
      confirmations: options.confirmations,
      hotWallet: hot.account.address,
      hotWalletSender,
      pid: node.pid,
      abi: artifact.abi,
      publicClient,
      sendTestUsdt,
      stop: node.stop,
    };
  } catch (err) {
    await node.stop();
    throw err;
  }
}
