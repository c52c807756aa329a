// A minimal built app, shaped like Vite + vite-plugin-pwa output, for static-serving tests.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

export function createTempDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "quanta-dist-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log('app');\n");
  writeFileSync(path.join(dir, "assets", "app-abc123.css"), "body{margin:0}\n");
  writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('install', () => {});\n");
  writeFileSync(path.join(dir, "registerSW.js"), "navigator.serviceWorker.register('/sw.js');\n");
  writeFileSync(path.join(dir, "manifest.webmanifest"), '{"name":"Quanta"}\n');
  return dir;
}
