// A choice of one among a few (buy/sell, market/limit) drawn as tabs or as a row of buttons. It is
// a WAI-ARIA radiogroup, not a tablist: it picks a value, it does not switch panels. One tab stop;
// the arrow keys (and Home/End) move the choice and the focus together, as radio buttons do.
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import "./form.css";

export interface Segment<T> {
  value: T;
  label: ReactNode;
  testId?: string;
  /** Extra class of this segment (a buy or sell colour). */
  className?: string;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index) => index + 1,
  ArrowDown: (index) => index + 1,
  ArrowLeft: (index) => index - 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function SegmentedTabs<T extends string | number>(props: {
  /** What is being chosen, for screen readers ("Side", "Order type"). */
  label: string;
  segments: readonly Segment<T>[];
  value: T;
  onChange: (value: T) => void;
  /** "tabs": underlined tabs; "buttons": a row of outlined buttons. */
  look?: "tabs" | "buttons";
  className?: string;
}) {
  const group = useRef<HTMLDivElement>(null);
  const { segments, value } = props;
  const tabs = (props.look ?? "tabs") === "tabs";

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (move === undefined || segments.length === 0) return;
    event.preventDefault();
    const index = segments.findIndex((segment) => segment.value === value);
    const target = (move(index, segments.length) + segments.length) % segments.length;
    const next = segments[target];
    if (next === undefined) return;
    if (next.value !== value) props.onChange(next.value);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[target]?.focus();
  };

  const base = tabs ? "q-tabs" : "q-segments";
  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={props.label}
      className={props.className === undefined ? base : `${base} ${props.className}`}
      onKeyDown={onKeyDown}
    >
      {segments.map((segment) => {
        const checked = segment.value === value;
        const lookClass = tabs ? "q-tabs__tab" : "q-button q-button--ghost q-segments__segment";
        return (
          <button
            key={segment.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            className={
              segment.className === undefined ? lookClass : `${lookClass} ${segment.className}`
            }
            onClick={() => props.onChange(segment.value)}
            data-testid={segment.testId}
          >
            {segment.label}
          </button>
        );
      })}
    </div>
  );
}
