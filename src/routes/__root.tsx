import { createRootRoute } from "@tanstack/react-router";
import { guardRoute } from "../features/auth/guard";
import { NotFoundScreen } from "../features/shell/not-found-screen";
import { RootError } from "../features/shell/root-error";
import { RootLayout } from "../features/shell/root-layout";
import { showToast } from "../ui/toast/toast-store";

export const Route = createRootRoute({
  beforeLoad: ({ location }) => guardRoute(location.pathname, (message) => showToast(message)),
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: RootError,
});
