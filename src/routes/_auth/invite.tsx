import { createFileRoute } from "@tanstack/react-router";
import { InviteScreen } from "../../features/invite/invite-screen";

export const Route = createFileRoute("/_auth/invite")({
  component: InviteScreen,
});
