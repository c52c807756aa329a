import { createFileRoute } from "@tanstack/react-router";
import { NewsletterScreen } from "../../features/admin/newsletter-screen";

export const Route = createFileRoute("/admin/newsletter")({
  component: NewsletterScreen,
});
