// The time left until an option expires, as m:ss, counted on this device's clock every 250 ms
// (so the shown second changes on time). At zero it waits for the settlement to arrive.
import { Trans } from "@lingui/react/macro";
import { useNow } from "../../ui/freshness/use-now";

const TICK_MS = 250;

/** "1:05" for 65 s; never negative. */
export function countdownText(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

export function Countdown(props: { expiresAt: string; testId?: string; className?: string }) {
  const now = useNow(TICK_MS);
  const left = Date.parse(props.expiresAt) - now.getTime();
  return (
    <span className={props.className}>
      <time
        dateTime={props.expiresAt}
        data-testid={props.testId}
        data-expired={left <= 0 ? "true" : "false"}
      >
        {countdownText(left)}
      </time>
      {left <= 0 && (
        <span className="q-muted">
          {" "}
          <Trans>settling…</Trans>
        </span>
      )}
    </span>
  );
}
