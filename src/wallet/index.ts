// The wallet layer's public face: the one module /login imports (lazily, through the sign-in
// module), so viem, wagmi and WalletConnect stay in the `wallet-*` chunks.
export { createWallets, type Connected, type WalletChoice, type Wallets } from "./wallets";
export { type DemoKeyStore } from "./demo-wallet";
export { UnsupportedChainError, WalletRejectedError } from "./errors";
export { buildSignInMessage } from "./siwe";
