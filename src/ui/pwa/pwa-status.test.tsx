import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState, type Dispatch, type SetStateAction } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RegisterSWOptions } from "virtual:pwa-register/react";
import { PwaStatus } from "./pwa-status";

// A stand-in for vite-plugin-pwa's hook: same state shape, with handles for the test to play
// the service worker's part.
const sw = vi.hoisted(() => ({
  options: undefined as RegisterSWOptions | undefined,
  update: vi.fn<(reloadPage?: boolean) => Promise<void>>(),
  setNeedRefresh: undefined as Dispatch<SetStateAction<boolean>> | undefined,
  setOfflineReady: undefined as Dispatch<SetStateAction<boolean>> | undefined,
}));

vi.mock("virtual:pwa-register/react", () => ({
  useRegisterSW(options: RegisterSWOptions) {
    sw.options = options;
    const needRefresh = useState(false);
    const offlineReady = useState(false);
    sw.setNeedRefresh = needRefresh[1];
    sw.setOfflineReady = offlineReady[1];
    return { needRefresh, offlineReady, updateServiceWorker: sw.update };
  },
}));

function mount(appOutdated = false) {
  render(
    <I18nProvider i18n={i18n}>
      <PwaStatus appOutdated={appOutdated} />
    </I18nProvider>,
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, value: online });
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

beforeEach(() => {
  vi.useFakeTimers();
  sw.update.mockReset().mockResolvedValue(undefined);
  setOnline(true);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("PwaStatus", () => {
  it("offers the waiting version and reloads into it", () => {
    mount();
    expect(screen.queryByTestId("pwa-update")).toBeNull();

    act(() => sw.setNeedRefresh?.(true));
    const prompt = screen.getByTestId("pwa-update");
    expect(prompt.getAttribute("role")).toBe("alert");
    expect(prompt.textContent).toContain("New version available");

    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(sw.update).toHaveBeenCalledWith(true);

    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("pwa-update")).toBeNull();
  });

  it("announces offline readiness, then hides it by itself", () => {
    mount();
    act(() => sw.setOfflineReady?.(true));
    const notice = screen.getByTestId("pwa-offline-ready");
    expect(notice.textContent).toContain("Ready to work offline");
    expect(notice.closest("[role=status]")).not.toBeNull();

    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByTestId("pwa-offline-ready")).toBeNull();
  });

  it("lets the offline notice be dismissed at once", () => {
    mount();
    act(() => sw.setOfflineReady?.(true));
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByTestId("pwa-offline-ready")).toBeNull();
  });

  it("checks for updates hourly and on focus, but not offline or twice a minute", async () => {
    const registration = { installing: null, update: vi.fn(() => Promise.resolve()) };
    mount();
    act(() =>
      sw.options?.onRegisteredSW?.("/sw.js", registration as unknown as ServiceWorkerRegistration),
    );

    // Just registered: the browser has checked already.
    fireEvent.focus(window);
    expect(registration.update).not.toHaveBeenCalled();

    // The async variant also settles update()'s promise, as the browser would between events.
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    fireEvent.focus(window);
    expect(registration.update).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    fireEvent(document, new Event("visibilitychange"));
    expect(registration.update).toHaveBeenCalledTimes(1);

    expect(document.visibilityState).toBe("visible");
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    fireEvent(document, new Event("visibilitychange"));
    expect(registration.update).toHaveBeenCalledTimes(2);

    setOnline(false);
    await act(() => vi.advanceTimersByTimeAsync(60 * 60 * 1000));
    expect(registration.update).toHaveBeenCalledTimes(2);

    setOnline(true);
    await act(() => vi.advanceTimersByTimeAsync(60 * 60 * 1000));
    expect(registration.update).toHaveBeenCalledTimes(3);
  });

  it("says an outdated app must be updated, looks for the update at once and offers it", () => {
    const registration = { installing: null, update: vi.fn(() => Promise.resolve()) };
    mount(true);
    const notice = screen.getByTestId("app-outdated");
    expect(notice.textContent).toContain("Update the app to continue");
    expect(screen.queryByRole("button", { name: "Reload" })).toBeNull();

    act(() =>
      sw.options?.onRegisteredSW?.("/sw.js", registration as unknown as ServiceWorkerRegistration),
    );
    expect(registration.update).toHaveBeenCalledTimes(1);

    // The waiting version is offered in the notice itself, which stays (no Close).
    act(() => sw.setNeedRefresh?.(true));
    expect(screen.queryByTestId("pwa-update")).toBeNull();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(sw.update).toHaveBeenCalledWith(true);
    expect(screen.getByTestId("app-outdated")).toBeTruthy();
  });
});
