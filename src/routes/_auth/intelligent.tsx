import { createFileRoute } from "@tanstack/react-router";
import { QuantScreen } from "../../features/quant/quant-screen";

export const Route = createFileRoute("/_auth/intelligent")({
  component: QuantScreen,
});
