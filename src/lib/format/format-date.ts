// Content dates in the user's time zone; an unreadable time is shown as sent rather than
// breaking the list.
import { formatDateTime, parseServerTime } from "../time";

export function formatContentDate(iso: string, locale: string, withTime = false): string {
  try {
    return formatDateTime(
      parseServerTime(iso),
      locale,
      withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" },
    );
  } catch {
    return iso;
  }
}
