// What each refusal carries beside its code (API.md "Conventions": `Code` plus `Params`). The server
// throws `DomainError(code, params, message)`; the app words the refusal from code and params in the
// user's language (src/i18n/refusal-text.ts) and never reads the English `Message`. A code listed here
// must always carry these params; a code not listed carries an empty object.
import type { ErrorCode, ErrorParams } from "./envelope";

/** Params by code. Decimal strings for amounts and prices, as the server formats them. */
export interface RefusalParamsByCode {
  /** `field`: the request field at fault (the body's name for it). */
  VALIDATION: { field: string } | Record<string, never>;
}

type Checked<T> = { [K in keyof T]: T[K] extends ErrorParams ? T[K] : never };

/** The params a refusal with code C carries. */
export type RefusalParams<C extends ErrorCode> = C extends keyof RefusalParamsByCode
  ? Checked<RefusalParamsByCode>[C]
  : Record<string, never>;

/** A refusal as data: what the app words in the user's language. */
export interface Refusal<C extends ErrorCode = ErrorCode> {
  code: C;
  params: RefusalParams<C>;
}
