import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { BILL_TYPE_CODES, BILL_TYPES } from "../../../protocol";
import { messages as en } from "../../locales/en/messages.po";
import {
  BILL_FILTER_GROUPS,
  BILL_TYPE_GROUPS,
  BILL_TYPE_LABELS,
  billTypeLabel,
} from "./bill-labels";

describe("bill type labels", () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: "en", messages: en });
  });

  it("has a label with a translator comment for every bill code of API.md", () => {
    expect(Object.keys(BILL_TYPE_LABELS).map(Number).sort()).toEqual([...BILL_TYPE_CODES].sort());
    for (const code of BILL_TYPE_CODES) {
      const label = billTypeLabel(i18n, code);
      expect(label, String(code)).not.toBe("");
      expect(label, String(code)).not.toBe(String(code));
      expect(BILL_TYPE_LABELS[code].comment, String(code)).toContain(`bill type ${code}`);
    }
  });

  it("calls 106 demo funds, never a recharge", () => {
    expect(billTypeLabel(i18n, 106)).toBe("Demo funds");
    expect(BILL_TYPES[106]).toBe("demo funds");
  });

  it("follows API.md's names in English", () => {
    for (const code of BILL_TYPE_CODES) {
      const label = billTypeLabel(i18n, code).toLowerCase();
      // 102 "add" reads "Added"; every other label is API.md's name.
      const name = code === 102 ? "added" : BILL_TYPES[code];
      expect(label, String(code)).toBe(name);
    }
  });

  it("shows an unknown code as its number", () => {
    expect(billTypeLabel(i18n, 999)).toBe("999");
  });

  it("puts every code in exactly one filter group", () => {
    const grouped = BILL_TYPE_GROUPS.flatMap((group) => group.types);
    expect([...grouped].sort()).toEqual([...BILL_TYPE_CODES].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it("filters only by bill types of products that exist (no contract, options, miner, blind box)", () => {
    const offered = BILL_FILTER_GROUPS.flatMap((group) => group.types);
    expect(offered).toContain(101);
    expect(offered).toContain(201);
    expect(offered).toContain(315);
    for (const absent of [301, 311, 401, 501, 206]) expect(offered).not.toContain(absent);
    expect(BILL_FILTER_GROUPS.every((group) => group.types.length > 0)).toBe(true);
  });
});
