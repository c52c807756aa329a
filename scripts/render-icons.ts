// Renders the PWA's PNG icons from the SVG sources in public/ (part of `npm run gen`). The PNGs
// are build outputs: edit public/logo.svg or public/logo-maskable.svg, never the PNGs.
import { renderAsync } from "@resvg/resvg-js";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { themeColor } from "../pwa-manifest";

const publicDir = join(import.meta.dirname, "..", "public");

interface IconJob {
  source: "logo.svg" | "logo-maskable.svg";
  output: string;
  size: number;
  /** iOS paints transparent pixels black, so the apple-touch icon gets the theme colour. */
  background?: string;
  /** Maskable icons must keep every non-background pixel inside the launcher's safe circle. */
  maskable?: boolean;
}

const jobs: IconJob[] = [
  { source: "logo.svg", output: "icons/icon-192.png", size: 192 },
  { source: "logo.svg", output: "icons/icon-512.png", size: 512 },
  { source: "logo-maskable.svg", output: "icons/icon-maskable-192.png", size: 192, maskable: true },
  { source: "logo-maskable.svg", output: "icons/icon-maskable-512.png", size: 512, maskable: true },
  { source: "logo.svg", output: "apple-touch-icon.png", size: 180, background: themeColor },
];

/** Radius of the maskable safe zone as a share of the icon size (W3C: a circle of 80% diameter). */
const safeZoneRadius = 0.4;

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** Throws if a pixel outside the safe circle is not background (1 px slack for anti-aliasing). */
function assertInsideSafeZone(output: string, pixels: Buffer, size: number): void {
  const [r, g, b] = hexToRgb(themeColor);
  const centre = size / 2;
  const limit = safeZoneRadius * size + 1;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) <= limit) continue;
      const i = (y * size + x) * 4;
      const off =
        Math.abs((pixels[i] ?? 0) - r) > 2 ||
        Math.abs((pixels[i + 1] ?? 0) - g) > 2 ||
        Math.abs((pixels[i + 2] ?? 0) - b) > 2 ||
        pixels[i + 3] !== 255;
      if (off) throw new Error(`${output}: pixel (${x}, ${y}) lies outside the maskable safe zone`);
    }
  }
}

function assertOpaque(output: string, pixels: Buffer): void {
  for (let i = 3; i < pixels.length; i += 4) {
    if (pixels[i] !== 255) throw new Error(`${output}: has transparent pixels`);
  }
}

/** Writes only when the bytes changed, so repeated runs leave mtimes alone and watchers quiet. */
async function writeIfChanged(path: string, data: Buffer): Promise<boolean> {
  const current = await readFile(path).catch(() => undefined);
  if (current?.equals(data)) return false;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, data);
  return true;
}

async function render(job: IconJob): Promise<boolean> {
  const svg = await readFile(join(publicDir, job.source));
  const image = await renderAsync(svg, {
    fitTo: { mode: "width", value: job.size },
    // The sources hold no text; skipping the system font scan makes each render milliseconds.
    font: { loadSystemFonts: false },
    ...(job.background === undefined ? {} : { background: job.background }),
  });
  if (image.width !== job.size || image.height !== job.size) {
    throw new Error(
      `${job.output}: rendered ${image.width}×${image.height}, expected square ${job.size}`,
    );
  }
  if (job.maskable) assertInsideSafeZone(job.output, image.pixels, job.size);
  if (job.background !== undefined) assertOpaque(job.output, image.pixels);
  return writeIfChanged(join(publicDir, job.output), image.asPng());
}

// The manifest's theme colour and index.html's meta tag must agree, or an installed app's title
// bar changes colour as the page loads.
async function assertThemeColourMatchesShell(): Promise<void> {
  const html = await readFile(join(publicDir, "..", "index.html"), "utf8");
  const meta = /<meta\s+name="theme-color"\s+content="([^"]+)"/.exec(html)?.[1];
  if (meta?.toLowerCase() !== themeColor.toLowerCase()) {
    throw new Error(
      `index.html theme-color ${meta ?? "(missing)"} differs from pwa-manifest.ts ${themeColor}`,
    );
  }
}

const [written] = await Promise.all([
  Promise.all(jobs.map(render)),
  assertThemeColourMatchesShell(),
]);
const changed = written.filter(Boolean).length;
console.log(`render-icons: ${jobs.length} icons checked, ${changed} written`);
