// Pull down at the top of a list to refresh it, as in every phone app. Only a touch that starts
// with the page scrolled to the top counts, so ordinary scrolling never triggers it; the work is
// the caller's (the sync's pull), and the indicator stays until it is done.
import { Trans } from "@lingui/react/macro";
import { ArrowDown, LoaderCircle } from "lucide-react";
import { useRef, useState, type ReactNode, type TouchEvent } from "react";
import "./pull-to-refresh.css";

/** How far (CSS px, after damping) a pull must go before letting go refreshes. */
export const PULL_THRESHOLD_PX = 64;
/** The finger moves further than the list: it feels attached, not glued. */
const DAMPING = 0.5;
const MAX_PULL_PX = 96;

export type PullPhase = "idle" | "pulling" | "armed" | "refreshing";

/** The indicator's offset for a finger `deltaY` px below where it started. */
export function pullDistance(deltaY: number): number {
  return Math.min(MAX_PULL_PX, Math.max(0, deltaY * DAMPING));
}

export function PullToRefresh(props: { onRefresh: () => Promise<void>; children: ReactNode }) {
  const { onRefresh } = props;
  const startY = useRef<number | null>(null);
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const phase: PullPhase = refreshing
    ? "refreshing"
    : distance >= PULL_THRESHOLD_PX
      ? "armed"
      : distance > 0
        ? "pulling"
        : "idle";

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    startY.current = !refreshing && window.scrollY <= 0 && touch ? touch.clientY : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (startY.current === null || !touch) return;
    setDistance(pullDistance(touch.clientY - startY.current));
  };
  const onTouchEnd = () => {
    const armed = startY.current !== null && distance >= PULL_THRESHOLD_PX;
    startY.current = null;
    setDistance(0);
    if (!armed) return;
    setRefreshing(true);
    onRefresh()
      // A failed pull is the sync's to report (freshness line, toasts); the gesture just ends.
      .catch(() => undefined)
      .finally(() => setRefreshing(false));
  };

  return (
    <div
      className="q-pull"
      data-phase={phase}
      data-testid="pull-to-refresh"
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div
        className="q-pull__indicator"
        style={{ height: refreshing ? PULL_THRESHOLD_PX / 2 : distance }}
        role="status"
      >
        {phase === "refreshing" ? (
          <>
            <LoaderCircle className="q-pull__spin" aria-hidden="true" />
            <Trans>Refreshing…</Trans>
          </>
        ) : phase === "armed" ? (
          <>
            <ArrowDown className="q-pull__arrow--armed" aria-hidden="true" />
            <Trans>Release to refresh</Trans>
          </>
        ) : phase === "pulling" ? (
          <ArrowDown aria-hidden="true" />
        ) : null}
      </div>
      {props.children}
    </div>
  );
}
