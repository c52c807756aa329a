import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { wireApp } from "./features/shell/wire-app";
import { activateLang, i18n, initialLang } from "./i18n/setup";
import { createAppRouter } from "./router";
import { applyRootFontSize } from "./ui/layout/root-font-size";
import "./ui/styles/global.css";

applyRootFontSize();
const router = createAppRouter();
wireApp(router);
await activateLang(initialLang(), { remember: false });

const container = document.getElementById("app");
if (!container) throw new Error("index.html has no #app element");
createRoot(container).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
);
