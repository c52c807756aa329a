import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { IncomeCard } from "./income-card";

function mount(income: Parameters<typeof IncomeCard>[0]["income"]) {
  render(
    <I18nProvider i18n={i18n}>
      <IncomeCard income={income} />
    </I18nProvider>,
  );
}

describe("<IncomeCard>", () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: "en", messages: en });
  });
  afterEach(cleanup);

  it("shows the server's figures, signed, and says what is counted and in which zone", () => {
    mount({ today: "-1.5", yesterday: "2", total: "1234.25", timeZone: "Asia/Tokyo" });
    expect(screen.getByTestId("my-income-today").textContent).toBe("-1.5 USDT");
    expect(screen.getByTestId("my-income-yesterday").textContent).toBe("2 USDT");
    expect(screen.getByTestId("my-income-total").textContent).toBe("1,234.25 USDT");
    const note = screen.getByTestId("my-income-note").textContent ?? "";
    expect(note).toContain("ended AI quant plans");
    expect(note).toContain("Asia/Tokyo");
  });

  it("names UTC for an overview stored without a zone", () => {
    mount({ today: "0", yesterday: "0", total: "0" });
    expect(screen.getByTestId("my-income-note").textContent).toContain("UTC");
  });
});
