import { createFileRoute } from "@tanstack/react-router";
import { RecordsScreen } from "../../features/records/records-screen";

export const Route = createFileRoute("/_auth/records")({
  component: RecordsScreen,
});
