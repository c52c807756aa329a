import { getConnection, watchConnection, type Config } from "@wagmi/core";
import { WalletRejectedError } from "./errors";

/**
 * WalletConnect through @web3modal: its modal shows the QR code (desktop) or the wallet list
 * (phone) and connects the `walletConnect` connector of our wagmi config. Loaded on first use
 * only: it is the heaviest part of the wallet code, and only builds with a project id use it.
 */
interface Modal {
  open(): Promise<void>;
  close(): Promise<void>;
  subscribeState(callback: (state: { open: boolean }) => void): () => void;
}

let modal: Promise<Modal> | null = null;

function loadModal(config: Config, projectId: string): Promise<Modal> {
  modal ??= import("@web3modal/wagmi").then(({ createWeb3Modal }) =>
    createWeb3Modal({
      wagmiConfig: config,
      projectId,
      // No third-party analytics, on-ramp or swap offers on a trading app's sign-in screen.
      enableAnalytics: false,
      enableOnramp: false,
      enableSwaps: false,
      themeMode: window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light",
    }),
  );
  return modal;
}

/** A modal that has not shown itself by then (its config did not load) is given up. */
const OPEN_TIMEOUT_MS = 20_000;

/** Opens the modal and resolves once a wallet connected; closing it first is a rejection. */
export async function connectWithModal(config: Config, projectId: string): Promise<void> {
  const web3modal = await loadModal(config, projectId);
  await new Promise<void>((resolve, reject) => {
    let opened = false;
    const stop = () => {
      clearTimeout(timer);
      stopState();
      stopConnection();
    };
    const timer = setTimeout(() => {
      if (opened) return;
      stop();
      reject(new Error("The WalletConnect modal did not open."));
    }, OPEN_TIMEOUT_MS);
    const stopConnection = watchConnection(config, {
      onChange: (connection) => {
        if (connection.status !== "connected") return;
        stop();
        void web3modal.close();
        resolve();
      },
    });
    const stopState = web3modal.subscribeState((state) => {
      if (state.open) opened = true;
      else if (opened && getConnection(config).status !== "connected") {
        stop();
        reject(new WalletRejectedError("The WalletConnect modal was closed."));
      }
    });
    web3modal.open().catch((error: unknown) => {
      stop();
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}
