import { createFileRoute } from "@tanstack/react-router";
import { WebScreen } from "../../features/web/web-screen";
import { validateIdSearch } from "../-search";

export const Route = createFileRoute("/_auth/web")({
  validateSearch: validateIdSearch,
  component: function WebScreenRoute() {
    const { id } = Route.useSearch();
    return <WebScreen id={id} />;
  },
});
