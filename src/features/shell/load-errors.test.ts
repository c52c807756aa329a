// A wallet chunk that fails to load (offline: never precached) is left to the code that asked for
// it; any other chunk is the load-error screen.
import { afterEach, describe, expect, it, vi } from "vitest";
import { isWalletChunkError, watchPreloadErrors } from "./load-errors";

function preloadError(message: string): Event {
  const event = new Event("vite:preloadError", { cancelable: true });
  (event as Event & { payload?: unknown }).payload = new TypeError(message);
  return event;
}

describe("watchPreloadErrors", () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it("leaves a wallet chunk's failure to its caller (not prevented, no load-error screen)", () => {
    const listener = vi.fn();
    stop = watchPreloadErrors(listener);
    const event = preloadError(
      "Failed to fetch dynamically imported module: http://localhost/assets/wallet-DaLNg2mL.js",
    );
    window.dispatchEvent(event);
    expect(listener).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it("shows the load-error screen for any other chunk", () => {
    const listener = vi.fn();
    stop = watchPreloadErrors(listener);
    const event = preloadError(
      "Failed to fetch dynamically imported module: http://localhost/assets/my-DrkDNIp2.js",
    );
    window.dispatchEvent(event);
    expect(listener).toHaveBeenCalledWith("chunk");
    expect(event.defaultPrevented).toBe(true);
  });

  it("tells wallet chunks from app chunks named after wallet modules", () => {
    expect(isWalletChunkError(new Error("/assets/wallet-connect-abc.js"))).toBe(true);
    expect(isWalletChunkError(new Error("/assets/app-wallet-commands-CBRHkzyR.js"))).toBe(false);
  });
});
