import { createFileRoute } from "@tanstack/react-router";
import { AssetsScreen } from "../../features/assets/assets-screen";

export const Route = createFileRoute("/_auth/my")({
  component: AssetsScreen,
});
