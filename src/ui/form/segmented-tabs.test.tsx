import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { SegmentedTabs } from "./segmented-tabs";

type Side = "buy" | "sell" | "hold";

function Sides(props: { onChange?: (side: Side) => void; look?: "tabs" | "buttons" }) {
  const [side, setSide] = useState<Side>("buy");
  return (
    <SegmentedTabs
      label="Side"
      look={props.look}
      segments={[
        { value: "buy", label: "Buy", testId: "side-buy", className: "buy" },
        { value: "sell", label: "Sell", testId: "side-sell" },
        { value: "hold", label: "Hold", testId: "side-hold" },
      ]}
      value={side}
      onChange={(next) => {
        props.onChange?.(next);
        setSide(next);
      }}
    />
  );
}

const checked = () =>
  screen
    .getAllByRole("radio")
    .filter((radio) => radio.getAttribute("aria-checked") === "true")
    .map((radio) => radio.textContent);

describe("<SegmentedTabs>", () => {
  afterEach(cleanup);

  it("is a labelled radiogroup with one checked segment and one tab stop", () => {
    render(<Sides />);
    expect(screen.getByRole("radiogroup", { name: "Side" }).className).toBe("q-tabs");
    expect(checked()).toEqual(["Buy"]);
    expect(screen.getAllByRole("radio").map((radio) => radio.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByTestId("side-buy").className).toBe("q-tabs__tab buy");
  });

  it("a click chooses a segment", () => {
    const seen: Side[] = [];
    render(<Sides onChange={(side) => seen.push(side)} />);
    fireEvent.click(screen.getByTestId("side-sell"));
    expect(checked()).toEqual(["Sell"]);
    expect(seen).toEqual(["sell"]);
  });

  it("arrow keys, Home and End move the choice and the focus, wrapping around", () => {
    render(<Sides />);
    const buy = screen.getByTestId("side-buy");
    buy.focus();
    fireEvent.keyDown(buy, { key: "ArrowRight" });
    expect(checked()).toEqual(["Sell"]);
    expect(document.activeElement).toBe(screen.getByTestId("side-sell"));
    fireEvent.keyDown(document.activeElement as Element, { key: "End" });
    expect(checked()).toEqual(["Hold"]);
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(checked()).toEqual(["Buy"]);
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowLeft" });
    expect(checked()).toEqual(["Hold"]);
    expect(document.activeElement).toBe(screen.getByTestId("side-hold"));
    fireEvent.keyDown(document.activeElement as Element, { key: "Home" });
    expect(checked()).toEqual(["Buy"]);
  });

  it("draws buttons when asked", () => {
    render(<Sides look="buttons" />);
    expect(screen.getByRole("radiogroup").className).toBe("q-segments");
    expect(screen.getByTestId("side-sell").className).toContain("q-segments__segment");
  });
});
