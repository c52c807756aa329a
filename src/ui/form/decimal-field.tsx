// An amount or price field: the decimal keypad on phones (inputmode="decimal"), and only a plain
// decimal with at most the asset's decimals gets in, typed or pasted (plain-decimal.ts); anything
// else leaves the value as it was. The value stays a decimal string: money is never a JS number.
// An optional quick action ("All", "Max") fills it in beside the input.
import type { ReactNode } from "react";
import { Field, useFieldControl, type FieldProps } from "./field";
import { plainDecimal } from "./plain-decimal";

export interface QuickAction {
  label: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}

export interface DecimalInputProps {
  value: string;
  onChange: (value: string) => void;
  /** The asset's decimals (USDT 6, others 8): more are not accepted. */
  scale: number;
  /**
   * Focus moved into the field. A value that follows the market until the user touches it (the
   * limit price) is pinned here: re-rendered by a tick while focused, the field would lose its
   * caret and selection, and what the user types next would land beside the old price.
   */
  onFocus?: () => void;
  testId?: string;
}

export function DecimalInput(props: DecimalInputProps) {
  const control = useFieldControl();
  return (
    <input
      {...control}
      className="q-field__input q-field__input--number"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={props.value}
      onFocus={props.onFocus}
      onChange={(event) => {
        const accepted = plainDecimal(event.target.value, props.scale);
        if (accepted !== null) props.onChange(accepted);
        // Put back what the field holds: Preact (vite.config.ts) renders the app and, unlike
        // React, leaves a refused keystroke on screen when the value did not change.
        const shown = accepted ?? props.value;
        if (event.target.value !== shown) event.target.value = shown;
      }}
      data-testid={props.testId}
    />
  );
}

export function DecimalField(
  props: Omit<FieldProps, "children"> & DecimalInputProps & { max?: QuickAction },
) {
  const { label, hint, hintTestId, error, max, ...input } = props;
  return (
    <Field label={label} hint={hint} hintTestId={hintTestId} error={error}>
      {max === undefined ? (
        <DecimalInput {...input} />
      ) : (
        <div className="q-field__inline">
          <DecimalInput {...input} />
          <button
            type="button"
            className="q-button q-button--ghost"
            disabled={max.disabled}
            onClick={max.onClick}
            data-testid={max.testId}
          >
            {max.label}
          </button>
        </div>
      )}
    </Field>
  );
}
