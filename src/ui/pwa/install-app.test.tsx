import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { INSTALL_CARD_DISMISSED_KEY, InstallApp, InstallCard } from "./install-app";
import { installState, isIos, listenForInstallPrompt } from "./install-prompt";

/** What Chromium fires when the app can be installed. */
function offerInstall(outcome: "accepted" | "dismissed" = "accepted") {
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const withI18n = (node: React.ReactNode) => <I18nProvider i18n={i18n}>{node}</I18nProvider>;

describe("install the app", () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: "en", messages: en });
    listenForInstallPrompt();
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("recognises iPhones and iPads (which say they are Macs), not Android", () => {
    expect(isIos("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)", 5, "iPhone")).toBe(true);
    expect(isIos("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", 5, "MacIntel")).toBe(true);
    expect(isIos("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", 0, "MacIntel")).toBe(false);
    expect(isIos("Mozilla/5.0 (Linux; Android 15; Pixel 9)", 5, "Linux armv8l")).toBe(false);
  });

  it("offers nothing until the browser can install, then opens its dialog once", async () => {
    render(withI18n(<InstallApp />));
    expect(screen.queryByTestId("install-app")).toBeNull();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(installState()).toBe("prompt");
    await act(async () => {
      fireEvent.click(screen.getByTestId("install-button"));
    });
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // The event is single-use: the button goes until the browser offers again.
    expect(screen.queryByTestId("install-button")).toBeNull();
  });

  it("puts the after-sign-in card away for good, and says it is installed when it is", () => {
    offerInstall();
    render(withI18n(<InstallCard />));
    fireEvent.click(screen.getByTestId("install-dismiss"));
    expect(screen.queryByTestId("install-app")).toBeNull();
    expect(localStorage.getItem(INSTALL_CARD_DISMISSED_KEY)).toBe("1");
    cleanup();
    render(withI18n(<InstallApp />));
    expect(screen.getByTestId("install-button")).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    expect(screen.queryByTestId("install-app")).toBeNull();
  });
});
