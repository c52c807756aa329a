/**
 * DESIGN §7: a lazy screen part that has not loaded after 120 s is a chunk-load error; a
 * stylesheet that fails is a CSS load error. Both get a screen with a retry.
 */
export type LoadErrorKind = "chunk" | "css";

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const CHUNK_ERROR_PATTERNS = [
  /dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Loading chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export function isCssLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Unable to preload CSS|\.css\b/i.test(message);
}

/**
 * The wallet chunks (`wallet-*`, vite.config.ts): online-only and never precached. The code that
 * loads them (sign-in, the on-chain balance on /my, sending from the wallet) handles their absence
 * itself — the rest of its screen works offline — so their failure is not a load-error screen.
 */
export function isWalletChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /\/assets\/wallet-[\w.-]*\.js\b/.test(message);
}

type Listener = (kind: LoadErrorKind) => void;

/** Vite reports a failed preload (script or stylesheet) as `vite:preloadError` on window. */
export function watchPreloadErrors(listener: Listener): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    // Not prevented: Vite then rejects the import, and its caller says what is unavailable.
    if (isWalletChunkError(payload)) return;
    event.preventDefault();
    listener(isCssLoadError(payload) ? "css" : "chunk");
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
