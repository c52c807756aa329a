// A choice from a short list in a Field, with an empty first option ("Choose …") that stands for
// no choice yet: the value is null until one is made.
import type { ReactNode } from "react";
import { Field, useFieldControl, type FieldProps } from "./field";

export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

function SelectInput<T extends string | number>(props: {
  value: T | null;
  options: readonly SelectOption<T>[];
  placeholder: string;
  onChange: (value: T | null) => void;
  testId?: string;
}) {
  const control = useFieldControl();
  return (
    <select
      {...control}
      value={props.value === null ? "" : String(props.value)}
      onChange={(event) => {
        const chosen = props.options.find((option) => String(option.value) === event.target.value);
        props.onChange(chosen === undefined ? null : chosen.value);
      }}
      data-testid={props.testId}
    >
      <option value="">{props.placeholder}</option>
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function SelectField<T extends string | number>(
  props: Omit<FieldProps, "children"> & {
    value: T | null;
    options: readonly SelectOption<T>[];
    placeholder: string;
    onChange: (value: T | null) => void;
    testId?: string;
    children?: ReactNode;
  },
) {
  const { label, hint, hintTestId, error, children, ...select } = props;
  return (
    <Field label={label} hint={hint} hintTestId={hintTestId} error={error}>
      <SelectInput {...select} />
      {children}
    </Field>
  );
}
