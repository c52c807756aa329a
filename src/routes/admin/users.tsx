import { createFileRoute } from "@tanstack/react-router";
import { UsersScreen } from "../../features/admin/users-screen";

export const Route = createFileRoute("/admin/users")({
  component: UsersScreen,
});
