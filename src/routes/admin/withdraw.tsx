import { createFileRoute } from "@tanstack/react-router";
import { WithdrawQueueScreen } from "../../features/admin/withdraw-queue";

export const Route = createFileRoute("/admin/withdraw")({
  component: WithdrawQueueScreen,
});
