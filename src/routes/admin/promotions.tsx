import { createFileRoute } from "@tanstack/react-router";
import { PromotionsScreen } from "../../features/admin/promotions-screen";

export const Route = createFileRoute("/admin/promotions")({
  component: PromotionsScreen,
});
