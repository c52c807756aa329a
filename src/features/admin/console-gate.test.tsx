import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signOutOperator } from "../../sync/admin/operator-session";
import { fakeConsoleServer, sessionView, type FakeServer } from "../../test/fake-console-server";
import { renderAtRoute, useScreenTest } from "../../test/screen-test";
import { ConsoleGate } from "./console-gate";

const RECOVERY = Array.from({ length: 10 }, (_, n) => `rc-${String(n).padStart(4, "0")}-x`);
const URI = "otpauth://totp/Quanta:ada?secret=JBSWY3DPEHPK3PXP&issuer=Quanta";

async function mount() {
  await renderAtRoute("/admin", () => (
    <ConsoleGate>
      <p data-testid="inside">inside</p>
    </ConsoleGate>
  ));
}

function type(testId: string, value: string) {
  fireEvent.input(screen.getByTestId(testId), { target: { value } });
}

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

async function signInWithPassword() {
  type("admin-username", "ada");
  type("admin-password", "correct horse");
  await click("admin-signin-submit");
}

/** A server whose operator is at `stage` after the password, with the TOTP steps of the brief. */
function server(stage: "enrol" | "verify"): FakeServer & { stage: () => string } {
  let current: "enrol" | "verify" | "ready" = stage;
  const fake = fakeConsoleServer({
    "POST /auth/signin": ({ body }) =>
      (body as { password: string }).password === "correct horse"
        ? { data: "op-token" }
        : { status: 401, code: "UNAUTHORIZED" },
    "GET /admin/session": ({ token }) =>
      token === "op-token" ? { data: sessionView(current) } : { status: 401, code: "UNAUTHORIZED" },
    "POST /admin/session/enrolment": () => ({ data: { secret: "JBSWY3DPEHPK3PXP", uri: URI } }),
    "POST /admin/session/enrolment/confirm": ({ body }) => {
      if ((body as { code: string }).code !== "123456")
        return { status: 422, code: "SECOND_FACTOR_INVALID" };
      current = "ready";
      return { data: { recoveryCodes: RECOVERY } };
    },
    "POST /admin/session/verify": ({ body }) => {
      const answer = body as { code?: string; recoveryCode?: string };
      if (answer.recoveryCode !== RECOVERY[3])
        return { status: 422, code: "SECOND_FACTOR_INVALID" };
      current = "ready";
      return { data: sessionView("ready") };
    },
    "POST /auth/logout": () => ({ data: null }),
  });
  return Object.assign(fake, { stage: () => current });
}

describe("console sign-in", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
    vi.unstubAllGlobals();
  });

  it("refuses empty fields without asking the server, and says a wrong password", async () => {
    const fake = server("verify");
    await mount();
    await click("admin-signin-submit");
    expect(screen.getByRole("alert").textContent).toBe("Enter your username and password.");
    expect(fake.calls).toEqual([]);

    type("admin-username", "ada");
    type("admin-password", "wrong");
    await click("admin-signin-submit");
    expect((await screen.findByRole("alert")).textContent).toMatch(/not signed in|not accepted/);
    expect(screen.getByTestId("admin-signin")).toBeTruthy();
    expect(sessionStorage.getItem("quanta:operator-token")).toBeNull();
  });

  it("enrols TOTP: QR code and secret, a wrong code refused, then ten recovery codes once", async () => {
    const fake = server("enrol");
    await mount();
    await signInWithPassword();

    const qr = await screen.findByTestId("admin-enrol-qr");
    expect(qr.getAttribute("data-qr-text")).toBe(URI);
    expect(screen.getByTestId("admin-enrol-secret").textContent).toBe("JBSWY3DPEHPK3PXP");

    type("admin-enrol-code", "12345");
    await click("admin-enrol-submit");
    expect(screen.getByRole("alert").textContent).toBe(
      "Enter the 6-digit code from your authenticator.",
    );
    expect(fake.calls).not.toContain("POST /admin/session/enrolment/confirm");

    // A code the server refuses is an answer, not the end of the session.
    type("admin-enrol-code", "654321");
    await click("admin-enrol-submit");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This code is not correct. Please check it and try again.",
    );
    expect(screen.getByTestId("admin-enrol")).toBeTruthy();
    expect(sessionStorage.getItem("quanta:operator-token")).toBe("op-token");

    type("admin-enrol-code", "123456");
    await click("admin-enrol-submit");
    const codes = await screen.findByTestId("admin-recovery-codes");
    expect(codes.querySelectorAll("li")).toHaveLength(10);
    expect(codes.textContent).toContain(RECOVERY[9]);
    expect(screen.queryByTestId("inside")).toBeNull();

    await click("admin-recovery-done");
    expect(await screen.findByTestId("inside")).toBeTruthy();
    expect(screen.getByTestId("admin-operator").textContent).toContain("ada");
    // The codes are gone from the page for good.
    expect(document.body.textContent).not.toContain(RECOVERY[0]);
  });

  it("verifies an enrolled operator with a recovery code", async () => {
    server("verify");
    await mount();
    await signInWithPassword();
    await screen.findByTestId("admin-verify");

    await click("admin-verify-switch");
    type("admin-verify-code", RECOVERY[3] ?? "");
    await click("admin-verify-submit");
    expect(await screen.findByTestId("inside")).toBeTruthy();
  });

  it("goes back to sign-in when the session ends (401 on a read)", async () => {
    const fake = server("verify");
    await mount();
    await signInWithPassword();
    await screen.findByTestId("admin-verify");
    await click("admin-verify-switch");
    type("admin-verify-code", RECOVERY[3] ?? "");
    await click("admin-verify-submit");
    await screen.findByTestId("inside");

    fake.handlers["GET /admin/session"] = () => ({ status: 401, code: "UNAUTHORIZED" });
    const { refreshOperatorSession } = await import("../../sync/admin/operator-session");
    await act(async () => {
      await refreshOperatorSession().catch(() => undefined);
    });
    expect(await screen.findByTestId("admin-session-ended")).toBeTruthy();
    expect(sessionStorage.getItem("quanta:operator-token")).toBeNull();
  });
});
