import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshProfile } from "./account";
import { PROFILE_REFRESH_MS, startProfileRefresh } from "./profile-refresh";

vi.mock("./account", () => ({ refreshProfile: vi.fn(async () => undefined) }));

describe("profile refresh schedule", () => {
  let stop: () => void = () => undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("refreshes at start, every minute, on focus and when the app becomes visible", () => {
    stop = startProfileRefresh();
    expect(refreshProfile).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(PROFILE_REFRESH_MS);
    expect(refreshProfile).toHaveBeenCalledTimes(2);

    window.dispatchEvent(new Event("focus"));
    expect(refreshProfile).toHaveBeenCalledTimes(3);

    document.dispatchEvent(new Event("visibilitychange"));
    // jsdom is always "visible"; a hidden page would not refresh.
    expect(refreshProfile).toHaveBeenCalledTimes(4);
  });

  it("stops completely", () => {
    stop = startProfileRefresh();
    stop();
    vi.advanceTimersByTime(PROFILE_REFRESH_MS * 3);
    window.dispatchEvent(new Event("focus"));
    expect(refreshProfile).toHaveBeenCalledTimes(1);
  });
});
