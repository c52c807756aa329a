// "Last known prices, 3 minutes ago": shown when the tickers stopped arriving (they come every
// second while the feed is connected) or the app is offline; nothing while prices are live.
import { useLingui } from "@lingui/react/macro";
import { relativeTime } from "../../lib/time";
import { freshnessDate } from "../freshness/freshness-text";
import { useNow } from "../freshness/use-now";
import "./market.css";

/** Tickers older than this are no longer live (the feed sends at least one a second). */
export const STALE_AFTER_MS = 10_000;
/** How often the age is looked at again. */
const TICK_MS = 5_000;

export function isStale(at: string | null, now: Date): boolean {
  const date = freshnessDate(at);
  return date === null || now.getTime() - date.getTime() > STALE_AFTER_MS;
}

export function PriceAge(props: { at: string | null; offline: boolean; testId: string }) {
  const { t, i18n } = useLingui();
  const now = useNow(TICK_MS);
  const date = freshnessDate(props.at);
  if (!props.offline && !isStale(props.at, now)) return null;
  // Never received: online, the empty state says prices are on their way; offline, say so.
  if (date === null && !props.offline) return null;
  let text: string;
  if (date === null) {
    text = t`Offline — no prices downloaded yet.`;
  } else {
    const ago = relativeTime(date, now, i18n.locale, t`just now`);
    text = props.offline ? t`Offline — last known prices, ${ago}` : t`Last known prices, ${ago}`;
  }
  return (
    <p
      className="q-price-age"
      data-testid={props.testId}
      data-at={date === null ? "" : date.toISOString()}
      data-offline={props.offline ? "true" : "false"}
    >
      {date === null ? text : <time dateTime={date.toISOString()}>{text}</time>}
    </p>
  );
}
