import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { startEarly } from "./features/shell/start-early";
import { wireApp } from "./features/shell/wire-app";
import { i18n } from "./i18n/setup";
import { createAppRouter } from "./router";
import { applyRootFontSize } from "./ui/layout/root-font-size";
import "./ui/styles/global.css";

applyRootFontSize();
const router = createAppRouter();
// The catalog, this address's route chunks and IndexedDB load side by side, not one after another.
const ready = startEarly(router);
wireApp(router);
await ready;

const container = document.getElementById("app");
if (!container) throw new Error("index.html has no #app element");
// public/paint-snapshot.js may have painted the last-seen screen's copy (inert). It goes right
// before the first render, in the same task, so no frame shows neither: the render paints the
// same screen from the live stores' snapshot values, and nothing of the copy is left behind.
if (container.hasAttribute("data-painted-copy")) {
  container.replaceChildren();
  // Its inlined route stylesheets: the app's own links are in (startEarly waited for them).
  for (const style of document.querySelectorAll("style[data-painted-copy]")) style.remove();
  container.removeAttribute("inert");
  container.removeAttribute("aria-busy");
  container.removeAttribute("data-painted-copy");
}
createRoot(container).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
);
