// The shape of content that is on its way, instead of a "Loading…" line that jumps when the
// content arrives. Screen readers hear "Loading…" once; the grey bars are decoration.
import { Trans } from "@lingui/react/macro";
import "./skeleton.css";

export function Skeleton(props: { lines?: number; testId?: string }) {
  const lines = Math.max(1, props.lines ?? 3);
  return (
    <div className="q-skeleton" role="status" data-testid={props.testId ?? "skeleton"}>
      <span className="q-visually-hidden">
        <Trans>Loading…</Trans>
      </span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="q-skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}
