import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { CheckField } from "./check-field";
import { ErrorLine } from "./error-line";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

function Name(props: { error?: string | null; hint?: string }) {
  const [value, setValue] = useState("");
  return (
    <TextField
      label="Name"
      hint={props.hint}
      hintTestId="name-hint"
      error={props.error}
      value={value}
      onChange={setValue}
      testId="name"
    />
  );
}

describe("<Field> and its controls", () => {
  afterEach(cleanup);

  it("labels the control and reads no hint or error while there is none", () => {
    render(<Name />);
    const input = screen.getByLabelText("Name");
    expect(input.dataset["testid"]).toBe("name");
    expect(input.getAttribute("aria-invalid")).toBe("false");
    expect(input.getAttribute("aria-describedby")).toBeNull();
    expect(input.getAttribute("autocomplete")).toBe("off");
    fireEvent.change(input, { target: { value: "Ada" } });
    expect((input as HTMLInputElement).value).toBe("Ada");
  });

  it("describes the control by its hint and its error, and marks it invalid", () => {
    render(<Name hint="As on the document" error="Please enter your name" />);
    const input = screen.getByLabelText("Name");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      "As on the document",
      "Please enter your name",
    ]);
    expect(screen.getByTestId("name-hint").textContent).toBe("As on the document");
    expect(screen.getByText("Please enter your name").className).toBe("q-field__error");
  });

  it("an empty error is no error", () => {
    render(<Name error="" />);
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("false");
    expect(document.querySelector(".q-field__error")).toBeNull();
  });

  it("a select's empty first option is no choice; a choice gives the option's typed value", () => {
    const chosen: (number | null)[] = [];
    function Kind() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <SelectField
          label="Kind"
          placeholder="Choose a kind"
          options={[
            { value: 1, label: "One" },
            { value: 2, label: "Two" },
          ]}
          value={value}
          onChange={(next) => {
            chosen.push(next);
            setValue(next);
          }}
          error={value === null ? "Choose one" : null}
        />
      );
    }
    render(<Kind />);
    const select = screen.getByLabelText("Kind") as HTMLSelectElement;
    expect(select.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(select, { target: { value: "2" } });
    fireEvent.change(select, { target: { value: "" } });
    expect(chosen).toEqual([2, null]);
  });

  it("an error line shows a node or nothing, as an alert when asked", () => {
    const { rerender } = render(<ErrorLine error={null} />);
    expect(document.querySelector(".q-field__error")).toBeNull();
    rerender(<ErrorLine error={<b>Refused</b>} role="alert" />);
    expect(screen.getByRole("alert").textContent).toBe("Refused");
  });

  it("a check field's label toggles the box, but a button inside the label does not", () => {
    const seen: boolean[] = [];
    function Agree() {
      const [checked, setChecked] = useState(false);
      return (
        <CheckField
          checked={checked}
          onChange={(next) => {
            seen.push(next);
            setChecked(next);
          }}
          testId="agree"
        >
          I agree to the <button type="button">terms</button>
        </CheckField>
      );
    }
    render(<Agree />);
    fireEvent.click(screen.getByText("terms"));
    expect(seen).toEqual([]);
    fireEvent.click(screen.getByText(/I agree/));
    expect((screen.getByTestId("agree") as HTMLInputElement).checked).toBe(true);
  });
});
