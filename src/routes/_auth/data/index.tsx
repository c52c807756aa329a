import { createFileRoute } from "@tanstack/react-router";
import { DataScreen } from "../../../features/news/data-screen";
import { validateCategorySearch } from "../../-search";

export const Route = createFileRoute("/_auth/data/")({
  validateSearch: validateCategorySearch,
  component: function DataRoute() {
    const { category } = Route.useSearch();
    return <DataScreen category={category ?? "news"} />;
  },
});
