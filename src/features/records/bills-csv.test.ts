import { describe, expect, it } from "vitest";
import type { BillRow } from "../../db/queries/bills";
import { billsCsv, billsFileName, csvField } from "./bills-csv";

const bill = (over: Partial<BillRow> = {}): BillRow => ({
  id: "7",
  userId: "u1",
  type: 106,
  asset: "USDT",
  amount: "1000",
  balanceAfter: "1000.5",
  ref: { kind: "demo-credit", id: "3" },
  createdAt: "2026-01-02T03:04:05+08:00",
  ...over,
});

/** A small RFC 4180 reader, to prove the text round-trips (not a copy of the writer's rules). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || row.length > 0) throw new Error("CSV does not end with a line break");
  return rows;
}

describe("bills as CSV", () => {
  it("writes a header and one row per bill, with UTC ISO times and amounts as given", () => {
    const text = billsCsv([bill(), bill({ id: "8", type: 201, amount: "-12.000001" })], (code) =>
      code === 106 ? "Demo funds" : "Withdrawal freeze",
    );
    expect(parseCsv(text)).toEqual([
      ["id", "time", "type", "label", "asset", "amount", "balanceAfter"],
      ["7", "2026-01-01T19:04:05.000Z", "106", "Demo funds", "USDT", "1000", "1000.5"],
      ["8", "2026-01-01T19:04:05.000Z", "201", "Withdrawal freeze", "USDT", "-12.000001", "1000.5"],
    ]);
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("quotes labels with commas, quotes and line breaks so they round-trip", () => {
    const label = 'Spot, "buy"\nsecond line\r\nthird';
    const text = billsCsv([bill()], () => label);
    expect(text).toContain(`"Spot, ""buy""\nsecond line\r\nthird"`);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[3]).toBe(label);
    expect(rows[1]?.[4]).toBe("USDT");
  });

  it("leaves plain fields bare and quotes only what needs it", () => {
    expect(csvField("Demo funds")).toBe("Demo funds");
    expect(csvField("")).toBe("");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });

  it("keeps a time it cannot read as sent rather than dropping the row", () => {
    const rows = parseCsv(billsCsv([bill({ createdAt: "yesterday" })], () => "x"));
    expect(rows[1]?.[1]).toBe("yesterday");
  });

  it("names the file by the UTC time of the export", () => {
    expect(billsFileName(new Date("2025-03-05T14:30:09.123Z"))).toBe(
      "quanta-records-20250305-143009.csv",
    );
  });
});
