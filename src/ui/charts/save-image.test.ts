// The choice between sharing and downloading. navigator.share and canShare are browser APIs
// jsdom does not have, so they are stubs here; rendering itself is covered end to end in Chromium.
import { afterEach, describe, expect, it, vi } from "vitest";
import { imageFileName, placeInImage, shareOrDownload, type SaveEnvironment } from "./save-image";

function environment(nav?: SaveEnvironment["navigator"]) {
  const later: (() => void)[] = [];
  const clicks: { href: string; download: string }[] = [];
  const env: SaveEnvironment = {
    navigator: nav,
    document,
    createObjectURL: vi.fn(() => "blob:quanta/1"),
    revokeObjectURL: vi.fn(),
    later: (task) => later.push(task),
  };
  const onClick = (event: Event) => {
    const link = event.target as HTMLAnchorElement;
    clicks.push({ href: link.getAttribute("href") ?? "", download: link.download });
    event.preventDefault(); // jsdom would try to navigate
  };
  document.addEventListener("click", onClick);
  return { env, later, clicks, done: () => document.removeEventListener("click", onClick) };
}

const png = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
const domError = (name: string) => Object.assign(new Error(name), { name });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe("shareOrDownload", () => {
  it("shares the PNG as a file when the browser can share files", async () => {
    const share = vi.fn(async () => undefined);
    const canShare = vi.fn(() => true);
    const t = environment({ share, canShare });
    cleanup = t.done;
    await expect(shareOrDownload(png(), "quanta-BTC-USDT.png", t.env)).resolves.toBe("shared");
    const files = (canShare.mock.calls[0] as unknown as [ShareData])[0].files ?? [];
    expect(files[0]?.name).toBe("quanta-BTC-USDT.png");
    expect(files[0]?.type).toBe("image/png");
    expect(share).toHaveBeenCalledWith({ files });
    expect(t.clicks).toEqual([]);
    expect(t.env.createObjectURL).not.toHaveBeenCalled();
  });

  it("downloads through a temporary link when files cannot be shared, and revokes it later", async () => {
    const share = vi.fn(async () => undefined);
    const t = environment({ share, canShare: () => false });
    cleanup = t.done;
    await expect(shareOrDownload(png(), "quanta-ETH-USDT.png", t.env)).resolves.toBe("downloaded");
    expect(share).not.toHaveBeenCalled();
    expect(t.clicks).toEqual([{ href: "blob:quanta/1", download: "quanta-ETH-USDT.png" }]);
    expect(document.querySelector("a[download]")).toBeNull();
    expect(t.env.revokeObjectURL).not.toHaveBeenCalled();
    expect(t.later).toHaveLength(1);
    t.later[0]?.();
    expect(t.env.revokeObjectURL).toHaveBeenCalledWith("blob:quanta/1");
  });

  it("downloads when the browser has no Web Share at all (or no canShare)", async () => {
    const none = environment(undefined);
    cleanup = none.done;
    await expect(shareOrDownload(png(), "a.png", none.env)).resolves.toBe("downloaded");
    none.done();
    const shareOnly = environment({ share: vi.fn(async () => undefined) });
    cleanup = shareOnly.done;
    await expect(shareOrDownload(png(), "b.png", shareOnly.env)).resolves.toBe("downloaded");
    expect(shareOnly.clicks.map((c) => c.download)).toEqual(["b.png"]);
  });

  it("treats a closed share sheet as a cancel: no error, no download", async () => {
    const t = environment({
      share: vi.fn(async () => Promise.reject(domError("AbortError"))),
      canShare: () => true,
    });
    cleanup = t.done;
    await expect(shareOrDownload(png(), "c.png", t.env)).resolves.toBe("cancelled");
    expect(t.clicks).toEqual([]);
  });

  it("downloads instead when sharing is refused for want of a fresh gesture", async () => {
    const t = environment({
      share: vi.fn(async () => Promise.reject(domError("NotAllowedError"))),
      canShare: () => true,
    });
    cleanup = t.done;
    await expect(shareOrDownload(png(), "d.png", t.env)).resolves.toBe("downloaded");
    expect(t.clicks.map((c) => c.download)).toEqual(["d.png"]);
  });

  it("passes any other failure on, without downloading", async () => {
    const t = environment({
      share: vi.fn(async () => Promise.reject(domError("DataError"))),
      canShare: () => true,
    });
    cleanup = t.done;
    await expect(shareOrDownload(png(), "e.png", t.env)).rejects.toThrow("DataError");
    expect(t.clicks).toEqual([]);
  });
});

describe("imageFileName", () => {
  it("names the file after the symbol and the UTC time, safe for any file system", () => {
    const at = new Date("2025-03-05T14:30:09.123Z");
    expect(imageFileName("BTC/USDT", at)).toBe("quanta-BTC-USDT-20250305-143009.png");
    expect(imageFileName("//", at)).toBe("quanta-chart-20250305-143009.png");
  });
});

describe("placeInImage", () => {
  it("maps a canvas's page box into image pixels relative to the container", () => {
    const container = { left: 10, top: 100, width: 375, height: 800 };
    const canvas = { left: 22, top: 160.4, width: 351, height: 368 };
    expect(placeInImage(container, canvas, 2)).toEqual({
      left: 24,
      top: 121,
      width: 702,
      height: 736,
    });
  });
});
