import { describe, expect, it } from "vitest";
import { legendNumber } from "./legend-number";

describe("legendNumber", () => {
  it("groups thousands in the reader's locale and keeps every stored decimal", () => {
    expect(legendNumber("67250.10", "en")).toBe("67,250.10");
    expect(legendNumber("67250.10", "de")).toBe("67.250,10");
    expect(legendNumber("0.15500", "en")).toBe("0.15500");
    expect(legendNumber("—", "en")).toBe("—");
  });
});
