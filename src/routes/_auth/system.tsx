import { createFileRoute } from "@tanstack/react-router";
import { SystemScreen } from "../../features/system/system-screen";

export const Route = createFileRoute("/_auth/system")({
  component: SystemScreen,
});
