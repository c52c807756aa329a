import { createFileRoute } from "@tanstack/react-router";
import { NewsletterLinkScreen } from "../features/newsletter/newsletter-link-screen";
import { validateUnsubscribeSearch } from "./-newsletter-search";

// The signed unsubscribe link in every mail. Outside the guards: no login needed, the signature
// is the proof. Opening it unsubscribes nobody; its button does.
export const Route = createFileRoute("/unsubscribe")({
  validateSearch: validateUnsubscribeSearch,
  component: function UnsubscribeRoute() {
    const { email, sig } = Route.useSearch();
    return <NewsletterLinkScreen link={{ kind: "unsubscribe", email, sig }} />;
  },
});
