import { createFileRoute } from "@tanstack/react-router";
import { IdentityQueueScreen } from "../../features/admin/identity-queue";

export const Route = createFileRoute("/admin/identity")({
  component: IdentityQueueScreen,
});
