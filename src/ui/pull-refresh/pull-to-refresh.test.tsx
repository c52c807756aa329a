import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { PULL_THRESHOLD_PX, PullToRefresh, pullDistance } from "./pull-to-refresh";

function mount(onRefresh: () => Promise<void>) {
  render(
    <I18nProvider i18n={i18n}>
      <PullToRefresh onRefresh={onRefresh}>
        <ul>
          <li>row</li>
        </ul>
      </PullToRefresh>
    </I18nProvider>,
  );
  return screen.getByTestId("pull-to-refresh");
}

/** A finger from y=100 down by `by` px, then lifted. */
function pull(target: HTMLElement, by: number) {
  fireEvent.touchStart(target, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(target, { touches: [{ clientY: 100 + by }] });
  const phase = target.dataset["phase"];
  fireEvent.touchEnd(target, { touches: [] });
  return phase;
}

describe("<PullToRefresh>", () => {
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: en }));
  afterEach(() => {
    cleanup();
    window.scrollY = 0;
  });

  it("damps the pull and caps it", () => {
    expect(pullDistance(-50)).toBe(0);
    expect(pullDistance(100)).toBe(50);
    expect(pullDistance(10_000)).toBeLessThan(200);
  });

  it("refreshes once on a long enough pull and shows it until the refresh is done", async () => {
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const target = mount(onRefresh);
    expect(pull(target, PULL_THRESHOLD_PX / 0.5 + 10)).toBe("armed");
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(target.dataset["phase"]).toBe("refreshing");
    expect(screen.getByRole("status").textContent).toBe("Refreshing…");
    await act(async () => finish());
    expect(target.dataset["phase"]).toBe("idle");
  });

  it("does nothing on a short pull, or when the page is not at the top", () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const target = mount(onRefresh);
    expect(pull(target, 40)).toBe("pulling");
    window.scrollY = 300;
    pull(target, 400);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(target.dataset["phase"]).toBe("idle");
  });
});
