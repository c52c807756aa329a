import { createFileRoute } from "@tanstack/react-router";
import { SystemScreen } from "../features/system/system-screen";

export const Route = createFileRoute("/system")({
  component: SystemScreen,
});
