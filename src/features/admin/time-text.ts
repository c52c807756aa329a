// A server time in the operator's language and zone.
import { formatContentDate } from "../../lib/format/format-date";

export function timeText(iso: string | null, locale: string): string {
  return iso === null ? "—" : formatContentDate(iso, locale, true);
}
