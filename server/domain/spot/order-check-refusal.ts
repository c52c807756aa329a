// A failed price or quantity check (protocol/spot-order-checks.ts) as the refusal the API answers
// with, naming the request's field: one wording for spot and contract orders. Only the minimum
// differs by product (spot: BELOW_MINIMUM in the base coin; contract: the field's own bound), so
// the caller says how a minimum is refused.
import { formatUnits } from "../../../protocol/decimal";
import { SEED_MESSAGES } from "../../../protocol/envelope";
import type { OrderCheckFailure } from "../../../protocol/spot-order-checks";
import type { SpotRules } from "../../../protocol/spot-rules";
import { invalid, type DomainError } from "../errors";

export interface OrderCheckField {
  /** The body's field the failure is about ("number", "quantity", "price", "takeProfit"…). */
  name: string;
  /** A quantity (worded with the quantity step and the seed's "enter the amount"), or a price. */
  kind: "quantity" | "price";
  /** How a value below the minimum is refused. */
  belowMinimum: (limit: string) => DomainError;
}

export function orderCheckRefusal(
  failure: OrderCheckFailure,
  field: OrderCheckField,
  rules: SpotRules,
): DomainError {
  const { name } = field;
  switch (failure.rule) {
    case "required":
      return field.kind === "quantity"
        ? invalid(name, "required", SEED_MESSAGES.enterAmount)
        : invalid(name, "required", 'Invalid body: a limit order needs a "price"');
    case "not-text":
      // A JSON number has already been through a float; money travels as a decimal string.
      return invalid(
        name,
        "format",
        `Invalid body: "${name}" must be a decimal string such as "100.5"`,
      );
    case "format":
      return invalid(
        name,
        "format",
        `Invalid body: "${name}" must be a positive decimal number such as "100.5"`,
      );
    case "step": {
      const step = formatUnits(1n, failure.limit);
      const stepName = `the ${field.kind} step of ${rules.symbol}`;
      // A multiple of the step is a number of at most `limit` decimals: the app words it so.
      return invalid(
        name,
        "decimals",
        `Invalid body: "${name}" must be a multiple of ${step}, ${stepName}`,
        failure.limit,
      );
    }
    case "positive":
      return invalid(name, "positive", `Invalid body: "${name}" must be greater than 0`);
    case "too-large":
      return invalid(name, "at-most", `Invalid body: "${name}" is too large`);
    case "minimum":
      return field.belowMinimum(failure.limit);
  }
}
