import { createFileRoute } from "@tanstack/react-router";
import { MessagesScreen } from "../../features/admin/messages-screen";

export const Route = createFileRoute("/admin/messages")({
  component: MessagesScreen,
});
