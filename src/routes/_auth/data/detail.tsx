import { createFileRoute } from "@tanstack/react-router";
import { DataDetailScreen } from "../../../features/news/data-detail-screen";
import { validateIdSearch } from "../../-search";

export const Route = createFileRoute("/_auth/data/detail")({
  validateSearch: validateIdSearch,
  component: function DataDetailRoute() {
    const { id } = Route.useSearch();
    return <DataDetailScreen id={id} />;
  },
});
