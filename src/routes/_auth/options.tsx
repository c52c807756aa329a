import { createFileRoute } from "@tanstack/react-router";
import { OptionsScreen } from "../../features/options/options-screen";

export const Route = createFileRoute("/_auth/options")({
  component: OptionsScreen,
});
