// A one-line text field (name, document number, address, hash) in a Field.
import type { InputHTMLAttributes, ReactNode } from "react";
import { Field, useFieldControl, type FieldProps } from "./field";

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "value" | "onChange" | "aria-invalid" | "aria-describedby" | "children"
>;

/** The input of the Field around it: value in, new text out. */
export function TextInput(
  props: InputAttributes & { value: string; onChange: (value: string) => void; testId?: string },
) {
  const control = useFieldControl();
  const { value, onChange, testId, className, ...rest } = props;
  return (
    <input
      autoComplete="off"
      {...rest}
      {...control}
      className={className === undefined ? "q-field__input" : `q-field__input ${className}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
}

/** A 0x-prefixed hex string (an address, a transaction hash): no spelling marks, a "0x…" prompt. */
const HEX_INPUT = { spellCheck: false, placeholder: "0x…" } as const;

export function TextField(
  props: Omit<FieldProps, "children"> &
    InputAttributes & {
      value: string;
      onChange: (value: string) => void;
      testId?: string;
      /** The value is 0x-prefixed hex. */
      hex?: boolean;
      children?: ReactNode;
    },
) {
  const { label, hint, hintTestId, error, children, hex, ...input } = props;
  return (
    <Field label={label} hint={hint} hintTestId={hintTestId} error={error}>
      <TextInput {...(hex === true ? HEX_INPUT : {})} {...input} />
      {children}
    </Field>
  );
}
