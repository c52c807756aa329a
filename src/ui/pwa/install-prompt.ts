// Whether and how this browser can install the app. Chromium fires `beforeinstallprompt` once,
// early, and only its event can open the install dialog later: `listenForInstallPrompt` runs at
// start (wire-app) and keeps it. iOS Safari has no such event; there the user is told the steps
// (Share, then "Add to Home Screen"). No React here: the components read it through a hook.

/** The non-standard event Chromium fires when the app is installable (not in lib.dom). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export type InstallState =
  /** Already running as an installed app: nothing to offer. */
  | "installed"
  /** The browser's own install dialog is available. */
  | "prompt"
  /** iOS Safari: installing is done by hand, from the Share menu. */
  | "ios"
  /** This browser offers no way we know of (or not yet). */
  | "unavailable";

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function isIos(userAgent: string, maxTouchPoints: number, platform: string): boolean {
  // iPadOS presents itself as a Mac; only its touch points give it away.
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === "MacIntel" && maxTouchPoints > 1);
}

function runningInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

export function installState(): InstallState {
  if (installed || runningInstalled()) return "installed";
  if (deferred !== null) return "prompt";
  if (isIos(navigator.userAgent, navigator.maxTouchPoints, navigator.platform)) return "ios";
  return "unavailable";
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call once at start, before the browser fires the event. */
export function listenForInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keep the browser's mini-infobar away; the app offers installing where it fits.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener("appinstalled", () => {
    installed = true;
    deferred = null;
    emit();
  });
}

/** Opens the browser's install dialog; true when the user accepted. The event is single-use. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (event === null) return false;
  deferred = null;
  emit();
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome === "accepted";
}
