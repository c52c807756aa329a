import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { Skeleton } from "./skeleton";

describe("<Skeleton>", () => {
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: en }));
  afterEach(cleanup);

  it("draws the bars asked for and tells screen readers it is loading", () => {
    render(
      <I18nProvider i18n={i18n}>
        <Skeleton lines={4} />
      </I18nProvider>,
    );
    const skeleton = screen.getByRole("status");
    expect(skeleton.textContent).toBe("Loading…");
    expect(skeleton.querySelectorAll(".q-skeleton__line")).toHaveLength(4);
    expect(skeleton.querySelectorAll('[aria-hidden="true"]')).toHaveLength(4);
  });

  it("draws at least one bar", () => {
    render(
      <I18nProvider i18n={i18n}>
        <Skeleton lines={0} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("skeleton").querySelectorAll(".q-skeleton__line")).toHaveLength(1);
  });
});
