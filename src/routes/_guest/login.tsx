import { createFileRoute } from "@tanstack/react-router";
import { LoginScreen } from "../../features/auth/login-screen";
import { validateInviteSearch } from "../-search";

export const Route = createFileRoute("/_guest/login")({
  validateSearch: validateInviteSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { invite } = Route.useSearch();
  return <LoginScreen invite={invite} />;
}
