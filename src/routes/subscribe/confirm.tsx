import { createFileRoute } from "@tanstack/react-router";
import { NewsletterLinkScreen } from "../../features/newsletter/newsletter-link-screen";
import { validateConfirmSearch } from "../-newsletter-search";

// The confirmation mail's link (double opt-in). Outside the guards: whoever holds the mail opens
// it, signed in or not. Opening it confirms nothing; its button does.
export const Route = createFileRoute("/subscribe/confirm")({
  validateSearch: validateConfirmSearch,
  component: function ConfirmSubscriptionRoute() {
    const { token } = Route.useSearch();
    return <NewsletterLinkScreen link={{ kind: "confirm", token }} />;
  },
});
