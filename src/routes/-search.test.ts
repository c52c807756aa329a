import { defaultParseSearch } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { stringifyPlainSearch, validateIdSearch } from "./-search";

describe("search params", () => {
  it("writes string ids plainly (not ?id=%221%22) and reads them back as the same id", () => {
    expect(stringifyPlainSearch({ id: "1" })).toBe("?id=1");
    expect(stringifyPlainSearch({ id: "welcome-to-quanta" })).toBe("?id=welcome-to-quanta");
    expect(validateIdSearch(defaultParseSearch("?id=1"))).toEqual({ id: "1" });
    expect(validateIdSearch(defaultParseSearch("?id=welcome-to-quanta"))).toEqual({
      id: "welcome-to-quanta",
    });
  });
});
