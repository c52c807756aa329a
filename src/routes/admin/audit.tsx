import { createFileRoute } from "@tanstack/react-router";
import { AuditScreen } from "../../features/admin/audit-screen";

export const Route = createFileRoute("/admin/audit")({
  component: AuditScreen,
});
