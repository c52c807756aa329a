// A checkbox with its label beside it ("I agree to …"). The label may hold buttons or links: they
// do not toggle the box (HTML: interactive content inside a label keeps its own click).
import { useId, type ReactNode } from "react";
import "./form.css";

export function CheckField(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="q-check-field">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        data-testid={props.testId}
      />
      <label htmlFor={id}>{props.children}</label>
    </div>
  );
}
