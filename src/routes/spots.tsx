import { createFileRoute } from "@tanstack/react-router";
import { SpotScreen } from "../features/spot/spot-screen";

export const Route = createFileRoute("/spots")({
  component: SpotScreen,
});
