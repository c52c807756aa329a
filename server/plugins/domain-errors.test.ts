import { describe, expect, it } from "vitest";
import { DomainError, refusal } from "../domain/errors";
import { errorEnvelope } from "./envelope";
import { toClientError } from "./errors";

describe("domain refusals on the wire", () => {
  it("takes the status from the code and carries the params beside it", () => {
    const answer = toClientError(
      new DomainError("VALIDATION", { field: "amount" }, "Please enter the amount"),
    );
    expect(answer?.statusCode).toBe(400);
    expect(answer && errorEnvelope(answer)).toEqual({
      HttpStatusCode: 400,
      Message: "Please enter the amount",
      Data: null,
      Code: "VALIDATION",
      Params: { field: "amount" },
    });
  });

  it("leaves Params out when a refusal has none", () => {
    const answer = toClientError(
      refusal("PREVIOUS_ORDER_OPEN", "Please complete the previous order first"),
    );
    expect(answer?.statusCode).toBe(422);
    expect(answer && errorEnvelope(answer)).not.toHaveProperty("Params");
  });
});
