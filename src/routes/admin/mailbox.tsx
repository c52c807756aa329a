import { createFileRoute } from "@tanstack/react-router";
import { MailboxScreen } from "../../features/admin/mailbox-screen";

export const Route = createFileRoute("/admin/mailbox")({
  component: MailboxScreen,
});
