// A refusal raised by the domain: a code and its params (protocol/refusals.ts) and the English
// sentence for the envelope's Message (seed messages verbatim). No HTTP here: plugins/error-status.ts
// maps each code to its status, so the domain never decides what a refusal looks like on the wire.
import type { ErrorCode } from "../../protocol/envelope";
import type {
  ConflictKind,
  RefusalParams,
  RefusalParamsByCode,
  ValidationRule,
} from "../../protocol/refusals";

export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  override name = "DomainError";

  constructor(
    readonly code: C,
    readonly params: RefusalParams<C>,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A code whose refusals carry no params. */
export type PlainCode = Exclude<ErrorCode, keyof RefusalParamsByCode>;

/** A refusal without params: `throw refusal("NOT_FOUND", "No such order")`. */
export function refusal(code: PlainCode, message: string, options?: ErrorOptions): DomainError {
  return new DomainError<PlainCode>(code, {}, message, options);
}

/**
 * A VALIDATION refusal naming the request field at fault and the rule it broke:
 * `throw invalid("amount", "decimals", 'Invalid body: "amount" has more than 6 decimal places', 6)`.
 */
export function invalid(
  field: string,
  rule: ValidationRule,
  message: string,
  limit?: string | number,
): DomainError<"VALIDATION"> {
  const params = limit === undefined ? { field, rule } : { field, rule, limit: String(limit) };
  return new DomainError("VALIDATION", params, message);
}

/** A CONFLICT refusal naming the rule it ran into. */
export function conflict(kind: ConflictKind, message: string): DomainError<"CONFLICT"> {
  return new DomainError("CONFLICT", { conflict: kind }, message);
}
