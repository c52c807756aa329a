// Pan and zoom on the candlestick plot: one finger or the mouse drags the time window, two
// fingers pinch it, the wheel zooms around the pointer (a sideways wheel or trackpad pans).
// Pointer events cover mouse, pen and touch alike; the window math is in chart-window.ts.
//
// The plot area is styled `touch-action: pan-y` (charts.css): a vertical swipe still scrolls the
// page (the browser then cancels our pointer), a sideways one pans the chart.
import { panWindow, zoomWindow, type WindowLimits, type XWindow } from "./chart-window";

export interface GestureTarget {
  /** The plot area (uPlot's `over` element); pointer positions are relative to it. */
  element: HTMLElement;
  getWindow(): XWindow | null;
  getLimits(): WindowLimits | null;
  /** Applies a window the user asked for. */
  setWindow(win: XWindow): void;
}

/** Pixels per wheel "line" and the zoom per wheel pixel: 100 px of wheel is about 16 %. */
const LINE_PX = 16;
const ZOOM_PER_PX = 0.0015;

/** The factor a wheel turn multiplies the visible span by (>1 zooms out). */
export function wheelZoomFactor(deltaY: number, deltaMode: number, pageHeight: number): number {
  const px = deltaMode === 1 ? deltaY * LINE_PX : deltaMode === 2 ? deltaY * pageHeight : deltaY;
  return Math.exp(px * ZOOM_PER_PX);
}

/** The span after a pinch: fingers twice as far apart show half as much time. */
export function pinchSpan(startSpan: number, startDistance: number, distance: number): number {
  // Fingers that nearly touch would divide by almost nothing; a few pixels is the floor.
  return (startSpan * Math.max(startDistance, 8)) / Math.max(distance, 8);
}

interface Point {
  x: number;
  y: number;
}

interface Pinch {
  startDistance: number;
  startSpan: number;
  /** The time under the fingers' midpoint when the pinch began; it stays under it. */
  anchor: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

export function attachGestures(target: GestureTarget): () => void {
  const { element } = target;
  const pointers = new Map<number, Point>();
  let pinch: Pinch | null = null;

  const box = () => element.getBoundingClientRect();
  const valueAt = (clientX: number, win: XWindow) => {
    const rect = box();
    const fraction = rect.width > 0 ? (clientX - rect.left) / rect.width : 0;
    return { fraction, value: win.min + fraction * (win.max - win.min) };
  };

  const startPinch = () => {
    const [a, b] = [...pointers.values()];
    const win = target.getWindow();
    if (a === undefined || b === undefined || win === null) return;
    pinch = {
      startDistance: distance(a, b),
      startSpan: win.max - win.min,
      anchor: valueAt((a.x + b.x) / 2, win).value,
    };
  };

  const onDown = (event: PointerEvent) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    element.setPointerCapture?.(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) startPinch();
  };

  const onMove = (event: PointerEvent) => {
    const previous = pointers.get(event.pointerId);
    if (previous === undefined) return;
    const current = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, current);
    const win = target.getWindow();
    const limits = target.getLimits();
    if (win === null || limits === null) return;
    if (pointers.size >= 2 && pinch !== null) {
      const [a, b] = [...pointers.values()];
      if (a === undefined || b === undefined) return;
      const span = pinchSpan(pinch.startSpan, pinch.startDistance, distance(a, b));
      const { fraction } = valueAt((a.x + b.x) / 2, win);
      target.setWindow(zoomWindow(pinch.anchor, fraction, span, limits));
      return;
    }
    const width = box().width;
    if (width <= 0) return;
    // Dragging right shows earlier candles: the window moves against the finger.
    const delta = (-(current.x - previous.x) * (win.max - win.min)) / width;
    if (delta !== 0) target.setWindow(panWindow(win, delta, limits));
  };

  const onUp = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 2) startPinch();
  };

  const onWheel = (event: WheelEvent) => {
    const win = target.getWindow();
    const limits = target.getLimits();
    if (win === null || limits === null) return;
    event.preventDefault();
    const width = box().width;
    if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      if (width > 0) {
        target.setWindow(panWindow(win, (event.deltaX * (win.max - win.min)) / width, limits));
      }
      return;
    }
    const factor = wheelZoomFactor(event.deltaY, event.deltaMode, window.innerHeight);
    const { fraction, value } = valueAt(event.clientX, win);
    target.setWindow(zoomWindow(value, fraction, (win.max - win.min) * factor, limits));
  };

  element.addEventListener("pointerdown", onDown);
  element.addEventListener("pointermove", onMove);
  element.addEventListener("pointerup", onUp);
  element.addEventListener("pointercancel", onUp);
  // Not passive: the wheel zooms the chart instead of scrolling the page under it.
  element.addEventListener("wheel", onWheel, { passive: false });
  return () => {
    element.removeEventListener("pointerdown", onDown);
    element.removeEventListener("pointermove", onMove);
    element.removeEventListener("pointerup", onUp);
    element.removeEventListener("pointercancel", onUp);
    element.removeEventListener("wheel", onWheel);
  };
}
