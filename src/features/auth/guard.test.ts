import { i18n } from "@lingui/core";
import { isRedirect } from "@tanstack/react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "../../locales/en/messages.po";
import { requireNoSession, requireSession } from "./guard";

function redirectTarget(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!isRedirect(error)) throw error;
    return String(error.options.to);
  }
}

describe("route guards", () => {
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages }));
  beforeEach(() => localStorage.clear());

  it("sends an anonymous visitor of a signed-in screen to /login", () => {
    expect(redirectTarget(() => requireSession(vi.fn()))).toBe("/login");
  });

  it("lets an anonymous visitor see the login screen", () => {
    expect(redirectTarget(() => requireNoSession(vi.fn()))).toBeNull();
  });

  it("sends a signed-in user from the login screen to /home and lets them through elsewhere", () => {
    localStorage.setItem("token", "abc");
    expect(redirectTarget(() => requireNoSession(vi.fn()))).toBe("/home");
    expect(redirectTarget(() => requireSession(vi.fn()))).toBeNull();
  });

  it("on failure clears the token, reports the error's message and goes to /login", () => {
    for (const guard of [requireSession, requireNoSession]) {
      localStorage.setItem("token", "abc");
      localStorage.setItem("info", "{not json");
      const onFailure = vi.fn();
      expect(redirectTarget(() => guard(onFailure))).toBe("/login");
      expect(localStorage.getItem("token")).toBeNull();
      expect(localStorage.getItem("info")).toBeNull();
      expect(onFailure).toHaveBeenCalledWith(
        "Your saved session could not be read. Please sign in again.",
      );
    }
  });
});
