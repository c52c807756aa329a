import { createFileRoute } from "@tanstack/react-router";
import { MessageScreen } from "../../../features/news/message-screen";
import { validateIdSearch } from "../../-search";

export const Route = createFileRoute("/_auth/data/message")({
  validateSearch: validateIdSearch,
  component: function MessageRoute() {
    const { id } = Route.useSearch();
    return <MessageScreen id={id} />;
  },
});
