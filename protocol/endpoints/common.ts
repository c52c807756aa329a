// The pieces many endpoints share, written once: ids, list queries and pages, the
// Idempotency-Key header, decimal strings, languages.
import {
  Type,
  type Static,
  type TOptional,
  type TProperties,
  type TSchema,
  type TUnknown,
} from "@sinclair/typebox";
import { LANGS } from "../content";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../list";

/** bigint ids, kept to 18 digits so no value can overflow the column type. */
export const Id = Type.String({ pattern: "^[1-9][0-9]{0,17}$" });
export const IdParams = Type.Object({ id: Id });

/** Article and link ids: lowercase words joined by dashes. */
export const Slug = Type.String({ pattern: "^[a-z0-9][a-z0-9-]{0,62}$" });
export const SlugParams = Type.Object({ id: Slug });

export const Address = Type.String({ pattern: "^0x[0-9a-fA-F]{40}$" });
export const AddressParams = Type.Object({ address: Address });

/** Money and quantities travel as decimal strings ("1250.5"), never JSON numbers. */
export const DecimalString = Type.String({
  pattern: "^-?[0-9]+(\\.[0-9]+)?$",
  description: 'a decimal string, e.g. "1250.5"',
});

/**
 * A schema with a `default`: absent on the wire is allowed, and the server's validator fills the
 * value in before the handler runs (so the server's type of the field is never undefined).
 */
export type Defaulted<S extends TSchema> = S & { default: Static<S> };

export function defaulted<S extends TSchema>(schema: S): Defaulted<S> {
  if (!("default" in schema)) throw new Error("defaulted(): the schema has no default");
  return schema as Defaulted<S>;
}

export const PageLimit = defaulted(
  Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
);

/**
 * API.md "Lists": `?cursor=&limit=`, plus the endpoint's filters. The cursor is an id unless the
 * endpoint says otherwise (an e-mail address, an opaque string).
 */
export function listQuery<
  P extends TProperties = Record<never, never>,
  C extends TSchema = typeof Id,
>(filters: P = {} as P, cursor: C = Id as unknown as C) {
  return Type.Object({
    ...filters,
    cursor: Type.Optional(cursor),
    limit: Type.Optional(PageLimit),
  });
}

/** API.md "Lists": `{ items, nextCursor }`. */
export function listPage<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  });
}

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const IdempotencyKey = Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH });

/** Money-moving POSTs: same key + same body → the stored answer; another body → 409. */
export const IdempotencyHeaders = Type.Object({ "idempotency-key": IdempotencyKey });
/** Accepted and used when sent, not required. */
export const OptionalIdempotencyHeaders = Type.Object({
  "idempotency-key": Type.Optional(IdempotencyKey),
});

/**
 * One of a list of values, as JSON Schema's `enum` (so a wrong value is named in Ajv's words, "must
 * be equal to one of the allowed values"), typed as the union of the values.
 */
export function oneOf<const V extends readonly (string | number)[]>(
  values: V,
  options: { default?: V[number]; description?: string } = {},
) {
  const type = typeof values[0] === "number" ? "integer" : "string";
  return Type.Unsafe<V[number]>({ type, enum: [...values], ...options });
}

export const Lang = defaulted(oneOf(LANGS, { default: "en" }));
/** `?lang=`, English when absent. */
export const LangQuery = Type.Object({ lang: Type.Optional(Lang) });

/** A value or JSON null. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** One of the codes of a constant table ({ name: code }), typed as the union of its codes. */
export function codeOf<const T extends Record<string, string | number>>(
  table: T,
  description?: string,
) {
  return oneOf(Object.values(table) as T[keyof T][], description ? { description } : {});
}

/** DESIGN §6: 0 unverified, 1 verified, 2-4 by weighted score. */
export const CreditLevel = oneOf([0, 1, 2, 3, 4] as const);

/** An answer described by its protocol type only (no field-by-field schema yet). */
export function described<T>(description: string) {
  return Type.Unsafe<T>({ type: "object", description });
}

/**
 * A body whose fields the server takes untyped and optional (EndpointSpec.bodyAsValidated): the
 * domain says what is wrong with each, and a JSON number is never coerced into a decimal string.
 */
export function untypedFields<const K extends string>(names: readonly K[]) {
  const fields = Object.fromEntries(names.map((name) => [name, Type.Optional(Type.Unknown())]));
  return Type.Object(fields as { [N in K]: TOptional<TUnknown> });
}

/** JSON null (logout, subscribe). */
export const Nothing = Type.Null();
