import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { DecimalField } from "./decimal-field";

function Amount(props: { scale: number; withMax?: boolean; error?: string }) {
  const [value, setValue] = useState("");
  return (
    <DecimalField
      label="Amount"
      scale={props.scale}
      value={value}
      onChange={setValue}
      error={props.error}
      testId="amount"
      max={
        props.withMax === true
          ? { label: "All", onClick: () => setValue("98.5"), testId: "amount-all" }
          : undefined
      }
    />
  );
}

const amount = () => screen.getByTestId("amount") as HTMLInputElement;
const type = (value: string) => fireEvent.input(amount(), { target: { value } });

describe("<DecimalField>", () => {
  afterEach(cleanup);

  it("asks phones for the decimal keypad and is labelled", () => {
    render(<Amount scale={6} />);
    expect(screen.getByLabelText("Amount")).toBe(amount());
    expect(amount().inputMode).toBe("decimal");
    expect(amount().getAttribute("autocomplete")).toBe("off");
  });

  it("takes plain decimals up to the scale and keeps the value when anything else is typed", () => {
    render(<Amount scale={2} />);
    type("12.5");
    expect(amount().value).toBe("12.5");
    type("12.55");
    expect(amount().value).toBe("12.55");
    type("12.555");
    expect(amount().value).toBe("12.55");
    type("-12");
    expect(amount().value).toBe("12.55");
    type("1e3");
    expect(amount().value).toBe("12.55");
    type("");
    expect(amount().value).toBe("");
  });

  it("reads a pasted amount with spaces, group separators or a decimal comma", () => {
    render(<Amount scale={6} />);
    type(" 1,000.25 ");
    expect(amount().value).toBe("1000.25");
    type("0,5");
    expect(amount().value).toBe("0.5");
  });

  it("offers the quick action beside the input", () => {
    render(<Amount scale={6} withMax />);
    fireEvent.click(screen.getByTestId("amount-all"));
    expect(amount().value).toBe("98.5");
  });

  it("marks the input invalid and reads the error with it", () => {
    render(<Amount scale={6} error="Please enter the amount" />);
    expect(amount().getAttribute("aria-invalid")).toBe("true");
    const described = amount().getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(described)?.textContent).toBe("Please enter the amount");
  });
});
