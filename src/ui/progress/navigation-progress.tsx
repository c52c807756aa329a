import { useLingui } from "@lingui/react/macro";
import { useRouterState } from "@tanstack/react-router";
import "./navigation-progress.css";

/** A thin bar at the top while the router loads a route (its chunk, its guard). */
export function NavigationProgress() {
  const { t } = useLingui();
  const pending = useRouterState({ select: (state) => state.status === "pending" });
  return (
    <div
      className={pending ? "q-progress q-progress--active" : "q-progress"}
      role="progressbar"
      aria-label={t`Loading`}
      aria-hidden={!pending}
      data-testid="nav-progress"
      data-active={pending}
    />
  );
}
