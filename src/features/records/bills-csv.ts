// The financial records as CSV (RFC 4180): one row per bill with its code and translated label,
// amounts exactly as the ledger wrote them (decimal strings, never re-formatted through a number).
import type { BillRow } from "../../db/queries/bills";
import { parseServerTime } from "../../lib/time";

/** Column names are a file format, not prose: they stay the same in every language. */
export const BILLS_CSV_HEADER = ["id", "time", "type", "label", "asset", "amount", "balanceAfter"];

/** A field quoted when it holds a separator, a quote or a line break; quotes are doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The server's time as ISO-8601 UTC; a time that cannot be read is kept as sent. */
function isoTime(value: string): string {
  try {
    return parseServerTime(value).toISOString();
  } catch {
    return value;
  }
}

/** The CSV text of `bills` (CRLF line ends, as RFC 4180 has them), with a header row. */
export function billsCsv(bills: readonly BillRow[], label: (code: number) => string): string {
  const rows = bills.map((bill) => [
    bill.id,
    isoTime(bill.createdAt),
    String(bill.type),
    label(bill.type),
    bill.asset,
    bill.amount,
    bill.balanceAfter,
  ]);
  return (
    [BILLS_CSV_HEADER, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n"
  );
}

/** "quanta-records-20250305-143009.csv" (UTC). */
export function billsFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return `quanta-records-${stamp}.csv`;
}

/**
 * Downloads `csv` as a file. The byte order mark makes spreadsheet programs read it as UTF-8
 * (labels in Thai, Korean, … would be garbled otherwise).
 */
export function downloadCsv(csv: string, fileName: string): void {
  const blob = new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some engines.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
