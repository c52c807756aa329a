// The wallet layer's public face: the one module /login imports (lazily).
export { discoverWallets, type DiscoveredWallet, type WalletInfo } from "./eip6963";
export { requestAccount, WalletRejectedError } from "./connect";
