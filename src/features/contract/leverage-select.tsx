// The leverage picker: a native <select> (the phone's own wheel) whose option values are exactly
// the leverages the terms offer, without an empty "choose" option — there is always a choice.
import { useLingui } from "@lingui/react/macro";
import { Field, useFieldControl } from "../../ui/form/field";

export function LeverageSelect(props: {
  leverages: readonly number[];
  value: number | null;
  onChange: (leverage: number) => void;
}) {
  const { t } = useLingui();
  return (
    <Field
      label={t({ message: "Leverage", comment: "Contract form: the leverage picker's label" })}
    >
      <LeverageInput {...props} />
    </Field>
  );
}

function LeverageInput(props: {
  leverages: readonly number[];
  value: number | null;
  onChange: (leverage: number) => void;
}) {
  const { i18n } = useLingui();
  const control = useFieldControl();
  return (
    <select
      {...control}
      value={props.value === null ? "" : String(props.value)}
      disabled={props.leverages.length === 0}
      onChange={(event) => {
        const chosen = props.leverages.find((l) => String(l) === event.target.value);
        if (chosen !== undefined) props.onChange(chosen);
      }}
      data-testid="contract-leverage"
    >
      {props.leverages.map((leverage) => (
        <option key={leverage} value={leverage}>
          {`${i18n.number(leverage)}×`}
        </option>
      ))}
    </select>
  );
}
