import { createRootRoute } from "@tanstack/react-router";
import { guardSignedIn } from "../features/auth/guard";
import { NotFoundScreen } from "../features/shell/not-found-screen";
import { RootError } from "../features/shell/root-error";
import { RootLayout } from "../features/shell/root-layout";

export const Route = createRootRoute({
  // An address no route claims (the root matched alone) is guarded like the screens of _auth:
  // a visitor without a session goes to /login, a signed-in one sees the not-found screen.
  beforeLoad: ({ matches }) => {
    if (matches.length === 1) guardSignedIn();
  },
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: RootError,
});
