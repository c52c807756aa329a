import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { database } from "../../db/database";
import { useScreenTest } from "../../test/screen-test";
import { SubscribeBlock } from "./subscribe-block";

function mount() {
  render(
    <I18nProvider i18n={i18n}>
      <SubscribeBlock />
    </I18nProvider>,
  );
}

function submit(email: string) {
  fireEvent.input(screen.getByTestId("subscribe-email"), { target: { value: email } });
  fireEvent.click(screen.getByTestId("subscribe-submit"));
}

describe("<SubscribeBlock>", () => {
  useScreenTest();

  it("refuses an invalid address before saving anything", async () => {
    mount();
    submit("ada@example");
    expect((await screen.findByTestId("subscribe-error")).textContent).toBe(
      "Please enter a valid email address",
    );
    expect(screen.getByTestId("subscribe-email").getAttribute("aria-invalid")).toBe("true");
    expect(await database().outbox.count()).toBe(0);
    expect(screen.queryByTestId("outbox-state")).toBeNull();
  });

  it("saves a valid address in the outbox and shows it waiting to be sent", async () => {
    mount();
    submit("  Ada@Example.org ");
    const state = await screen.findByTestId("outbox-state");
    expect(state.dataset["state"]).toBe("waiting");
    expect(state.textContent).toContain("Waiting to send");
    const rows = await database().outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.command).toBe("system.subscribe");
    expect((screen.getByTestId("subscribe-email") as HTMLInputElement).value).toBe("");
    expect(screen.queryByTestId("subscribe-confirm-hint")).toBeNull();

    // The sync layer's answer reaches the form through IndexedDB.
    await database().outbox.update(rows[0]?.id ?? "", { state: "sent" });
    await waitFor(() => expect(screen.getByTestId("outbox-state").dataset["state"]).toBe("sent"));
    // Double opt-in: the user is told the subscription waits for the link in the mail.
    expect(screen.getByTestId("subscribe-confirm-hint").textContent).toContain("confirmation link");
  });
});
