// The demo dev chain: anvil + Test USDT deployed from source + a deposit address and a hot wallet.
// Chain state lives in memory and dies with anvil: a restart starts a fresh chain and redeploys
// (the contract lands at the same address, since the deployer's nonce starts at 0 again). The
// platform's keys do not come from anvil's public mnemonic: they are random per data directory
// (platform-keys.ts), given their ETH at start with anvil's own balance method.
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  getContractAddress,
  http,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { anvil } from "viem/chains";
import { startAnvil, DEV_CHAIN_ID } from "./anvil-process";
import type { ChainEndpoint } from "./chain-endpoint";
import { createHotWallet, type HotWallet } from "./hot-wallet";
import { loadPlatformKeys, platformAddresses } from "./platform-keys";
import { loadTestUsdtArtifact } from "./test-usdt-artifact";

/** Test USDT the hot wallet starts with: plenty for faucets and withdrawals in a demo. */
export const HOT_WALLET_FLOAT = parseUnits("100000000", 6);

/** ETH the platform's deployer and hot wallet are given at start. */
const DEPLOYER_ETH = parseEther("10");
const HOT_WALLET_ETH = parseEther("5000");
/** ETH the faucet sends with its test USDT: gas for many transfers to the deposit address. */
export const FAUCET_GAS = parseEther("0.1");
/** Gas for the first mint: a fresh balance and supply slot (~70k), with room. */
const MINT_GAS = 200_000n;

export interface DevChain extends ChainEndpoint {
  hotWallet: Address;
  /** The hot wallet's send queue, shared by the faucet and withdrawals (one nonce order). */
  hotWalletSender: HotWallet;
  pid: number;
  abi: Abi;
  publicClient: PublicClient;
  /** The platform's own addresses (deployer, hot wallet, deposit): /rpc never relays their txs. */
  platformAddresses: readonly Address[];
  /** Where the compiled Test USDT is cached and the platform keys are kept. */
  cacheDir: string;
  /** A Test USDT transfer from the hot wallet, sent (not awaited to inclusion), via its queue. */
  sendTestUsdt(to: Address, units: bigint): Promise<Hex>;
  /** ETH for gas from the hot wallet, sent (not awaited to inclusion), via its queue. */
  sendGas(to: Address, wei: bigint): Promise<Hex>;
  stop(): Promise<void>;
}

export interface DevChainOptions {
  /** Where the compiled Test USDT is cached and the platform keys kept (DATA_DIR/chain). */
  cacheDir: string;
  confirmations: number;
  /** Default 1 s: blocks keep coming, so confirmations advance like on a real chain. */
  blockTimeSeconds?: number;
}

export async function startDevChain(options: DevChainOptions): Promise<DevChain> {
  // Compile (or read the cache) first: no anvil runs if the source does not compile.
  const { artifact } = await loadTestUsdtArtifact(options.cacheDir);
  const platform = loadPlatformKeys(options.cacheDir);
  const node = await startAnvil({ blockTimeSeconds: options.blockTimeSeconds ?? 1 });
  try {
    const transport = http(node.rpcUrl);
    const chain = { ...anvil, id: DEV_CHAIN_ID };
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 200 });
    const dev = createTestClient({ chain, transport, mode: "anvil" });
    const deployer = createWalletClient({ chain, transport, account: platform.deployer });
    const hot = createWalletClient({ chain, transport, account: platform.hotWallet });

    // The whole set-up in one block mined on request, not three waits for the block time (1 s
    // each, paid by every demo start): gas is set directly (a dev chain's own method, as real as
    // anvil's prefunded accounts), then the deployment and the mint to the contract's address,
    // known in advance from the deployer's nonce, are queued in nonce order and mined together.
    await dev.setBalance({ address: deployer.account.address, value: DEPLOYER_ETH });
    await dev.setBalance({ address: hot.account.address, value: HOT_WALLET_ETH });
    const token = getContractAddress({ from: deployer.account.address, nonce: 0n });
    const deployHash = await deployer.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      nonce: 0,
    });
    // The gas is given: estimating it would call a contract that is not deployed yet.
    const mintHash = await deployer.writeContract({
      address: token,
      abi: artifact.abi,
      functionName: "mint",
      args: [hot.account.address, HOT_WALLET_FLOAT],
      nonce: 1,
      gas: MINT_GAS,
    });
    await dev.mine({ blocks: 1 });
    const deployed = await publicClient.waitForTransactionReceipt({ hash: deployHash });
    if (deployed.status !== "success" || deployed.contractAddress == null) {
      throw new Error("Test USDT deployment failed");
    }
    // Receipts carry the address in lower case; the wire (GET /wallet/deposit) wants EIP-55.
    if (getAddress(deployed.contractAddress) !== token) {
      throw new Error(`Test USDT landed at ${deployed.contractAddress}, not ${token}`);
    }
    const minted = await publicClient.waitForTransactionReceipt({ hash: mintHash });
    if (minted.status !== "success") throw new Error("minting Test USDT to the hot wallet failed");

    // Faucet and withdrawals share this one queue, so they never take the same nonce.
    const hotWalletSender = createHotWallet({
      account: platform.hotWallet,
      chain,
      rpcUrl: node.rpcUrl,
      token,
      publicClient,
    });
    const sendTestUsdt = async (to: Address, units: bigint): Promise<Hex> =>
      (await hotWalletSender.transfer({ to, units })).hash;
    const sendGas = (to: Address, wei: bigint): Promise<Hex> => hotWalletSender.sendNative(to, wei);

    return {
      chainId: DEV_CHAIN_ID,
      rpcUrl: node.rpcUrl,
      token,
      depositAddress: platform.deposit.address,
      confirmations: options.confirmations,
      hotWallet: hot.account.address,
      hotWalletSender,
      pid: node.pid,
      abi: artifact.abi,
      publicClient,
      platformAddresses: platformAddresses(platform),
      cacheDir: options.cacheDir,
      sendTestUsdt,
      sendGas,
      stop: node.stop,
    };
  } catch (err) {
    await node.stop();
    throw err;
  }
}
