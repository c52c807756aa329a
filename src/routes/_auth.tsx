import { createFileRoute } from "@tanstack/react-router";
import { guardSignedIn } from "../features/auth/guard";

// Every screen but the login screen: without a readable session, /login. Pathless: the URLs of
// the routes in _auth/ are theirs alone.
export const Route = createFileRoute("/_auth")({
  beforeLoad: guardSignedIn,
});
