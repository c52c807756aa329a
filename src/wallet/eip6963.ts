/** EIP-1193 provider as far as we use it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
}

/** EIP-6963 provider info, as announced by the wallet. */
export interface WalletInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface DiscoveredWallet {
  info: WalletInfo;
  provider: Eip1193Provider;
}

interface AnnounceEvent extends Event {
  detail?: { info?: Partial<WalletInfo>; provider?: Eip1193Provider };
}

function isWalletInfo(info: Partial<WalletInfo> | undefined): info is WalletInfo {
  return (
    typeof info?.uuid === "string" &&
    typeof info.name === "string" &&
    typeof info.icon === "string" &&
    typeof info.rdns === "string"
  );
}

/**
 * Asks every injected wallet to announce itself (EIP-6963) and collects the answers for a short
 * while. Wallets answer synchronously in practice; the window covers slow extensions.
 */
export function discoverWallets(windowMs = 300): Promise<DiscoveredWallet[]> {
  return new Promise((resolve) => {
    const found = new Map<string, DiscoveredWallet>();
    const onAnnounce = (event: Event) => {
      const detail = (event as AnnounceEvent).detail;
      if (!isWalletInfo(detail?.info) || typeof detail.provider?.request !== "function") return;
      found.set(detail.info.uuid, { info: detail.info, provider: detail.provider });
    };
    window.addEventListener("eip6963:announceProvider", onAnnounce);
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    setTimeout(() => {
      window.removeEventListener("eip6963:announceProvider", onAnnounce);
      resolve([...found.values()]);
    }, windowMs);
  });
}
