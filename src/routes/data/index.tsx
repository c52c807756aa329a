import { createFileRoute } from "@tanstack/react-router";
import { DataScreen } from "../../features/news/data-screen";

export const Route = createFileRoute("/data/")({
  component: DataScreen,
});
