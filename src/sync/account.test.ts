import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../protocol";
import { getProfile } from "../api/profile";
import { logout, signInWallet } from "../api/auth";
import { getToken, readSession } from "../db/session";
import { EmptyProfileError, finishWalletSignIn, refreshProfile, signOut } from "./account";

vi.mock("../api/auth", () => ({
  checkAddress: vi.fn(),
  signInWallet: vi.fn(),
  logout: vi.fn(async () => undefined),
}));
vi.mock("../api/profile", () => ({ getProfile: vi.fn() }));

const profile: Profile = {
  id: "u1",
  address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  name: "Ada",
  avatar: null,
  locked: false,
  verified: null,
  creditLevel: 0,
  weightedScore: 0,
  inviteCode: "ABC123",
  createdAt: "2025-03-04T05:06:07+00:00",
};
const signed = { message: "m", signature: "0x01" };

describe("account commands", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.clearAllMocks();
  });

  it("stores token, name, avatar and info only after the profile checked out", async () => {
    vi.mocked(signInWallet).mockResolvedValue("tok-1");
    vi.mocked(getProfile).mockResolvedValue(profile);
    await finishWalletSignIn({ ...signed, inviteCode: "INV1" });
    expect(signInWallet).toHaveBeenCalledWith({ ...signed, inviteCode: "INV1" });
    expect(getProfile).toHaveBeenCalledWith({ token: "tok-1" });
    expect(readSession()).toEqual({ token: "tok-1", name: "Ada", avatar: null, info: profile });
    expect(localStorage.getItem("avatar")).toBeNull();
  });

  it("treats a profile with no data as a failed sign-in and revokes the new token", async () => {
    vi.mocked(signInWallet).mockResolvedValue("tok-2");
    vi.mocked(getProfile).mockResolvedValue(null);
    await expect(finishWalletSignIn(signed)).rejects.toBeInstanceOf(EmptyProfileError);
    expect(getToken()).toBeNull();
    expect(logout).toHaveBeenCalledWith("tok-2");
  });

  it("signs out locally at once and revokes the old token on the server", async () => {
    localStorage.setItem("token", "tok-3");
    localStorage.setItem("info", JSON.stringify(profile));
    await signOut();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem("info")).toBeNull();
    expect(logout).toHaveBeenCalledWith("tok-3");
  });

  it("refreshes the stored profile quietly, and drops an answer that arrives after sign-out", async () => {
    localStorage.setItem("token", "tok-4");
    vi.mocked(getProfile).mockResolvedValue({ ...profile, name: "Ada L." });
    await refreshProfile();
    expect(getProfile).toHaveBeenCalledWith({ quiet: true });
    expect(localStorage.getItem("name")).toBe("Ada L.");

    let answer: (value: Profile) => void = () => undefined;
    vi.mocked(getProfile).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const pending = refreshProfile();
    expect(refreshProfile()).toBe(pending); // one request at a time
    localStorage.removeItem("token");
    answer(profile);
    await pending;
    expect(getToken()).toBeNull();
  });
});
