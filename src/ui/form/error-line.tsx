// The line that says why a value or an action was refused, in the danger colour. It takes the
// words ready-made (a string or a node), so it does not care how they were worded.
import type { ReactNode } from "react";
import "./form.css";

export function hasError(error: ReactNode): boolean {
  return error !== undefined && error !== null && error !== false && error !== "";
}

export function ErrorLine(props: {
  error: ReactNode;
  id?: string;
  /** "alert" when it appears without the user submitting (a failed file read, a wallet refusal). */
  role?: "alert";
}) {
  if (!hasError(props.error)) return null;
  return (
    <p id={props.id} className="q-field__error" role={props.role}>
      {props.error}
    </p>
  );
}
