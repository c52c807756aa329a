import { createFileRoute } from "@tanstack/react-router";
import { LinksScreen } from "../../features/admin/links-screen";

export const Route = createFileRoute("/admin/links")({
  component: LinksScreen,
});
