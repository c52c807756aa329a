import { afterEach, describe, expect, it } from "vitest";
import { attachGestures, pinchSpan, wheelZoomFactor } from "./chart-gestures";
import { windowLimits, type XWindow } from "./chart-window";

describe("wheelZoomFactor", () => {
  it("zooms out for wheel down, in for wheel up, by the same amount either way", () => {
    const out = wheelZoomFactor(100, 0, 800);
    const inward = wheelZoomFactor(-100, 0, 800);
    expect(out).toBeGreaterThan(1);
    expect(out * inward).toBeCloseTo(1);
  });
  it("reads line and page wheel steps as pixels", () => {
    expect(wheelZoomFactor(3, 1, 800)).toBeCloseTo(wheelZoomFactor(48, 0, 800));
    expect(wheelZoomFactor(1, 2, 800)).toBeCloseTo(wheelZoomFactor(800, 0, 800));
  });
});

describe("pinchSpan", () => {
  it("shows half the time when the fingers move twice as far apart", () => {
    expect(pinchSpan(3600, 100, 200)).toBe(1800);
    expect(pinchSpan(3600, 200, 100)).toBe(7200);
    expect(Number.isFinite(pinchSpan(3600, 0, 0))).toBe(true);
  });
});

describe("attachGestures", () => {
  // 300 one-minute candles; a 100-px plot showing 60 of them (1 px = 36 s).
  const limits = windowLimits(
    Array.from({ length: 300 }, (_, i) => i * 60),
    60,
  );
  let detach: (() => void) | undefined;
  afterEach(() => detach?.());

  function setup(start: XWindow) {
    const element = document.createElement("div");
    element.getBoundingClientRect = () => new DOMRect(0, 0, 100, 50);
    let win = start;
    const applied: XWindow[] = [];
    detach = attachGestures({
      element,
      getWindow: () => win,
      getLimits: () => limits,
      setWindow: (next) => {
        win = next;
        applied.push(next);
      },
    });
    const pointer = (type: string, id: number, x: number, y = 10) =>
      element.dispatchEvent(
        new PointerEvent(type, {
          pointerId: id,
          clientX: x,
          clientY: y,
          button: 0,
          pointerType: "touch",
        }),
      );
    return { element, applied, pointer, current: () => win };
  }

  it("pans against the finger: dragging right shows earlier candles", () => {
    const g = setup({ min: 6000, max: 9600 });
    g.pointer("pointerdown", 1, 50);
    g.pointer("pointermove", 1, 60);
    expect(g.current()).toEqual({ min: 6000 - 360, max: 9600 - 360 });
    g.pointer("pointerup", 1, 60);
    g.pointer("pointermove", 1, 90); // no longer pressed: nothing happens
    expect(g.applied).toHaveLength(1);
  });

  it("zooms with two fingers around their midpoint", () => {
    const g = setup({ min: 6000, max: 9600 });
    g.pointer("pointerdown", 1, 40);
    g.pointer("pointerdown", 2, 60);
    g.pointer("pointermove", 2, 80); // fingers 40 px apart instead of 20: half the span
    const win = g.current();
    expect(win.max - win.min).toBeCloseTo(1800);
    // The time that was under the midpoint (50 px -> 7800 s) is under the new midpoint (60 px).
    expect(win.min + 0.6 * (win.max - win.min)).toBeCloseTo(7800);
  });

  it("zooms around the pointer with the wheel and keeps the page from scrolling", () => {
    const g = setup({ min: 6000, max: 9600 });
    const event = new WheelEvent("wheel", { deltaY: -200, clientX: 25, cancelable: true });
    g.element.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    const win = g.current();
    expect(win.max - win.min).toBeLessThan(3600);
    expect(win.min + 0.25 * (win.max - win.min)).toBeCloseTo(6900);
  });
});
