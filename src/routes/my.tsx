import { createFileRoute } from "@tanstack/react-router";
import { AssetsScreen } from "../features/assets/assets-screen";

export const Route = createFileRoute("/my")({
  component: AssetsScreen,
});
