import { createFileRoute } from "@tanstack/react-router";
import { RechargeQueueScreen } from "../../features/admin/recharge-queue";

export const Route = createFileRoute("/admin/recharge")({
  component: RechargeQueueScreen,
});
