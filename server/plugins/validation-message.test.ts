import { describe, expect, it } from "vitest";
import { pointerToField, validationMessage } from "./validation-message";

describe("validationMessage", () => {
  it("names a missing field", () => {
    const issue = { instancePath: "", keyword: "required", params: { missingProperty: "amount" } };
    expect(validationMessage([issue], "body")).toBe('Invalid body: "amount" is required');
  });

  it("names a nested missing field", () => {
    const issue = {
      instancePath: "/legs/0",
      keyword: "required",
      params: { missingProperty: "asset" },
    };
    expect(validationMessage([issue], "body")).toBe('Invalid body: "legs[0].asset" is required');
  });

  it("names a field of the wrong type with Ajv's reason", () => {
    const issue = {
      instancePath: "/amount",
      keyword: "type",
      message: "must be string",
      params: { type: "string" },
    };
    expect(validationMessage([issue], "body")).toBe('Invalid body: "amount" must be string');
  });

  it("names an unknown field", () => {
    const issue = {
      instancePath: "",
      keyword: "additionalProperties",
      params: { additionalProperty: "admin" },
    };
    expect(validationMessage([issue], "querystring")).toBe(
      'Invalid querystring: "admin" is not allowed',
    );
  });

  it("describes a root-level problem without a field", () => {
    const issue = { instancePath: "", keyword: "type", message: "must be object", params: {} };
    expect(validationMessage([issue], "body")).toBe("Invalid body: must be object");
    expect(validationMessage([])).toBe("Invalid request");
  });
});

describe("pointerToField", () => {
  it("turns JSON pointers into readable paths", () => {
    expect(pointerToField("")).toBe("");
    expect(pointerToField("/a")).toBe("a");
    expect(pointerToField("/a/0/b")).toBe("a[0].b");
    expect(pointerToField("/x~1y/z~0")).toBe("x/y.z~");
  });
});
