import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../locales/en/messages.po";
import { validateIdentity } from "./validate-identity";

const photo = new Blob(["x"], { type: "image/jpeg" });
const valid = { name: "Ada Lovelace", idNumber: "P1234567", idType: 1, photo };

function explain(input: Parameters<typeof validateIdentity>[0]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(validateIdentity(input)).map(([key, descriptor]) => [key, i18n._(descriptor)]),
  );
}

describe("validateIdentity", () => {
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages }));

  it("accepts a complete form", () => {
    expect(validateIdentity(valid)).toEqual({});
    expect(validateIdentity({ ...valid, idType: 0 })).toEqual({});
  });

  it("requires every field, with a message for each", () => {
    expect(explain({ name: "  ", idNumber: "", idType: null, photo: null })).toEqual({
      name: "Enter your full name as it is on the document.",
      idNumber: "Enter the document number.",
      idType: "Choose the type of document.",
      photo: "Add a photo of the document.",
    });
  });

  it("checks the document number's length after trimming", () => {
    expect(explain({ ...valid, idNumber: " 123 " })).toEqual({
      idNumber: "The document number should be 4 to 40 characters long.",
    });
    expect(validateIdentity({ ...valid, idNumber: "1".repeat(40) })).toEqual({});
    expect(Object.keys(validateIdentity({ ...valid, idNumber: "1".repeat(41) }))).toEqual([
      "idNumber",
    ]);
    expect(Object.keys(validateIdentity({ ...valid, name: "a".repeat(101) }))).toEqual(["name"]);
  });
});
