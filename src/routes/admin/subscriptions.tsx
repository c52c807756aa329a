import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionsScreen } from "../../features/admin/subscriptions-screen";

export const Route = createFileRoute("/admin/subscriptions")({
  component: SubscriptionsScreen,
});
