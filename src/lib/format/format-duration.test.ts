import { describe, expect, it } from "vitest";
import { formatSeconds } from "./format-duration";

describe("formatSeconds", () => {
  it("writes seconds as each language does, through Intl", () => {
    expect(formatSeconds(30, "en")).toBe("30 sec");
    expect(formatSeconds(30, "jp")).toBe("30 秒");
    expect(formatSeconds(60, "ko")).toBe("60초");
    expect(formatSeconds(1_200, "de")).toBe("1.200 Sek.");
  });
});
