// A screen's freshness line, wired to the app's online state: offline when the browser or the
// sync layer says the server cannot be reached.
import { useSyncPhase } from "../../db/sync-state";
import { Freshness } from "../freshness/freshness";
import { useOnline } from "./use-app-state";

export function useOffline(): boolean {
  const online = useOnline();
  const phase = useSyncPhase();
  return !online || phase === "offline";
}

export function ScreenFreshness(props: { at: string | null; testId?: string }) {
  const offline = useOffline();
  return <Freshness at={props.at} offline={offline} testId={props.testId} />;
}

/** The oldest of several freshness times: a screen is only as fresh as its stalest part. */
export function oldest(times: readonly (string | null)[]): string | null {
  let found: string | null = null;
  for (const time of times) {
    if (time === null) return null;
    if (found === null || Date.parse(time) < Date.parse(found)) found = time;
  }
  return found;
}
