import { createFileRoute } from "@tanstack/react-router";
import { QuantScreen } from "../features/quant/quant-screen";

export const Route = createFileRoute("/intelligent")({
  component: QuantScreen,
});
