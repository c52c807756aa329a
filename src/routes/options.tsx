import { createFileRoute } from "@tanstack/react-router";
import { OptionsScreen } from "../features/options/options-screen";

export const Route = createFileRoute("/options")({
  component: OptionsScreen,
});
