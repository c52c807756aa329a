import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { Freshness } from "./freshness";

function mount(at: string | null, offline: boolean) {
  return render(
    <I18nProvider i18n={i18n}>
      <Freshness at={at} offline={offline} />
    </I18nProvider>,
  );
}

describe("<Freshness>", () => {
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: en }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("exposes the time for tests and tools, and moves on as time passes", () => {
    vi.useFakeTimers({ now: new Date("2026-11-22T12:00:00Z") });
    mount("2026-11-22T11:59:50Z", false);
    const line = screen.getByTestId("freshness");
    expect(line.dataset["syncedAt"]).toBe("2026-11-22T11:59:50.000Z");
    expect(line.textContent).toBe("Updated just now");
    act(() => vi.advanceTimersByTime(90_000));
    expect(line.textContent).toBe("Updated 1 minute ago");
  });

  it("marks the offline state in words and as data", () => {
    mount(null, true);
    const line = screen.getByTestId("freshness");
    expect(line.dataset["syncedAt"]).toBe("");
    expect(line.dataset["offline"]).toBe("true");
    expect(line.textContent).toBe("Offline — nothing downloaded yet");
  });
});
