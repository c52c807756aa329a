import { describe, expect, it } from "vitest";
import { commandFromJson, parseAdminArgs } from "./admin-commands";

describe("npm run admin -- promotions", () => {
  it("parses showing and funding the budget", () => {
    expect(parseAdminArgs(["promotions"])).toEqual({ name: "promotions-show" });
    expect(parseAdminArgs(["promotions", "fund", "500"])).toEqual({
      name: "promotions-fund",
      amount: "500",
    });
  });

  it("refuses what it cannot run, saying why", () => {
    expect(parseAdminArgs(["promotions", "spend", "5"])).toEqual({
      error: 'Unknown promotions command "spend".',
    });
    expect(parseAdminArgs(["promotions", "fund"])).toMatchObject({
      error: expect.stringContaining("exactly one argument") as string,
    });
    expect(parseAdminArgs(["promotions", "fund", "5", "6"])).toMatchObject({
      error: expect.stringContaining("exactly one argument") as string,
    });
  });

  it("reads the same commands from the admin socket's JSON, and nothing else", () => {
    expect(commandFromJson({ name: "promotions-fund", amount: "10" })).toEqual({
      name: "promotions-fund",
      amount: "10",
    });
    expect(commandFromJson({ name: "promotions-show" })).toEqual({ name: "promotions-show" });
    expect(commandFromJson({ name: "promotions-fund", amount: 10 })).toBeNull();
    expect(commandFromJson({ name: "promotions-fund" })).toBeNull();
  });
});
