// What the wallet routes need to know about the chain deposits arrive on, in either mode.
import type { Address, PublicClient } from "viem";

export interface ChainEndpoint {
  chainId: number;
  /** Server-side only: production URLs carry provider keys; never send it to a client. */
  rpcUrl: string;
  /** The USDT (demo: Test USDT) ERC20 contract. */
  token: Address;
  depositAddress: Address;
  confirmations: number;
  /** Reads the chain (receipts, logs, blocks) over rpcUrl. */
  publicClient: PublicClient;
}
