import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { KlineInterval } from "../../../protocol";
import { messages as en } from "../../locales/en/messages.po";
import { IntervalSwitcher } from "./interval-switcher";

function Harness(props: { onChange: (interval: KlineInterval) => void }) {
  const [value, setValue] = useState<KlineInterval>("1m");
  return (
    <I18nProvider i18n={i18n}>
      <IntervalSwitcher
        value={value}
        onChange={(next) => {
          props.onChange(next);
          setValue(next);
        }}
        controls="chart"
      />
    </I18nProvider>
  );
}

describe("<IntervalSwitcher>", () => {
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: en }));
  afterEach(cleanup);

  it("is a tablist of the six intervals with test ids, the chosen one selected", () => {
    render(<Harness onChange={() => undefined} />);
    expect(screen.getByRole("tablist")).toBeTruthy();
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.dataset["testid"])).toEqual([
      "interval-1m",
      "interval-5m",
      "interval-15m",
      "interval-1h",
      "interval-4h",
      "interval-1d",
    ]);
    expect(tabs.map((tab) => tab.textContent)).toEqual(["1m", "5m", "15m", "1h", "4h", "1d"]);
    expect(screen.getByTestId("interval-1m").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByTestId("interval-1m").getAttribute("aria-controls")).toBe("chart");
    expect(screen.getByTestId("interval-1h").getAttribute("aria-selected")).toBe("false");
  });

  it("switches on click and with the arrow keys (wrapping), moving focus along", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByTestId("interval-4h"));
    expect(onChange).toHaveBeenLastCalledWith("4h");
    expect(screen.getByTestId("interval-4h").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(screen.getByTestId("interval-4h"), { key: "ArrowRight" });
    expect(onChange).toHaveBeenLastCalledWith("1d");
    expect(document.activeElement).toBe(screen.getByTestId("interval-1d"));
    fireEvent.keyDown(screen.getByTestId("interval-1d"), { key: "ArrowRight" });
    expect(onChange).toHaveBeenLastCalledWith("1m");
    fireEvent.keyDown(screen.getByTestId("interval-1m"), { key: "ArrowLeft" });
    expect(onChange).toHaveBeenLastCalledWith("1d");
    // Only the selected tab is in the tab order.
    expect(screen.getByTestId("interval-1d").tabIndex).toBe(0);
    expect(screen.getByTestId("interval-1m").tabIndex).toBe(-1);
  });
});
