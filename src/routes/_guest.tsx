import { createFileRoute } from "@tanstack/react-router";
import { guardSignedOut } from "../features/auth/guard";

// The login screen (/ and /login): a signed-in user goes to /home. Pathless, like _auth.
export const Route = createFileRoute("/_guest")({
  beforeLoad: guardSignedOut,
});
