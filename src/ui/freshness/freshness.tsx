// How fresh the data on a screen is: "Updated 2 minutes ago", or "Offline — last updated …".
// The caller says whether the app is offline (ui/ does not read the sync layer).
import { useLingui } from "@lingui/react/macro";
import { formatDateTime } from "../../lib/time";
import { freshnessDate, freshnessText } from "./freshness-text";
import { useNow } from "./use-now";
import "./freshness.css";

/** Relative times move in minutes; 30 s keeps "1 minute ago" at most half a minute late. */
const TICK_MS = 30_000;

export function Freshness(props: { at: string | null; offline: boolean; testId?: string }) {
  const { i18n } = useLingui();
  const now = useNow(TICK_MS);
  const date = freshnessDate(props.at);
  const text = freshnessText(i18n, props.at, now, props.offline);
  // Not a live region: the text changes every minute, and the offline banner already announces
  // the change that matters.
  return (
    <p
      className={props.offline ? "q-freshness q-freshness--offline" : "q-freshness"}
      data-testid={props.testId ?? "freshness"}
      data-synced-at={date === null ? "" : date.toISOString()}
      data-offline={props.offline ? "true" : "false"}
    >
      <span aria-hidden="true" className="q-freshness__dot" />
      {date === null ? (
        text
      ) : (
        <time dateTime={date.toISOString()} title={formatDateTime(date, i18n.locale)}>
          {text}
        </time>
      )}
    </p>
  );
}
