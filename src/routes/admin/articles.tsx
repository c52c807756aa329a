import { createFileRoute } from "@tanstack/react-router";
import { ArticlesScreen } from "../../features/admin/articles-screen";

export const Route = createFileRoute("/admin/articles")({
  component: ArticlesScreen,
});
