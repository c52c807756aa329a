import { beforeEach, describe, expect, it } from "vitest";
import { forgetInvite, pendingInvite, rememberInvite } from "./pending-invite";

describe("pending invite code", () => {
  beforeEach(() => sessionStorage.clear());

  it("keeps the link's code until a sign-in uses it", () => {
    expect(pendingInvite(undefined)).toBeUndefined();
    rememberInvite("ABCD1234");
    // Back on /login without ?invite= (a reload, a detour): the code is still there.
    expect(pendingInvite(undefined)).toBe("ABCD1234");
    // A newer link wins.
    expect(pendingInvite("WXYZ9876")).toBe("WXYZ9876");
    forgetInvite();
    expect(pendingInvite(undefined)).toBeUndefined();
  });

  it("ignores an empty code", () => {
    rememberInvite("");
    rememberInvite(undefined);
    expect(pendingInvite(undefined)).toBeUndefined();
  });
});
