// A labelled form field: the label, the control, an optional hint and the error line, wired so a
// screen reader reads the hint and the error with the control (aria-describedby) and knows it is
// wrong (aria-invalid). The control takes its wiring from useFieldControl(), so any input, select
// or custom control can sit in a Field.
import { createContext, useContext, useId, type ReactNode } from "react";
import { ErrorLine, hasError } from "./error-line";
import "./form.css";

export interface FieldControl {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": boolean;
}

const FieldContext = createContext<FieldControl | null>(null);

/** The id and aria attributes of the Field around the calling control. */
export function useFieldControl(): FieldControl {
  const control = useContext(FieldContext);
  if (control === null) throw new Error("useFieldControl() is for a control inside a <Field>");
  return control;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the control that helps fill it in; read with the control. */
  hint?: ReactNode;
  hintTestId?: string;
  /** Why the value is refused; nothing (null, undefined, "") when it is not. */
  error?: ReactNode;
  /** The control, with anything that belongs between it and the hint (a "max" button...). */
  children: ReactNode;
}

export function Field(props: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = hasError(props.error);
  const hinted = props.hint !== undefined && props.hint !== null;
  const describedBy = [hinted ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ");
  const control: FieldControl = {
    id,
    "aria-describedby": describedBy === "" ? undefined : describedBy,
    "aria-invalid": invalid,
  };
  return (
    <div className="q-field">
      <label htmlFor={id}>{props.label}</label>
      <FieldContext.Provider value={control}>{props.children}</FieldContext.Provider>
      {hinted && (
        <p id={hintId} className="q-muted" data-testid={props.hintTestId}>
          {props.hint}
        </p>
      )}
      <ErrorLine id={errorId} error={props.error} />
    </div>
  );
}
