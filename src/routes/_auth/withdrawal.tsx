import { createFileRoute } from "@tanstack/react-router";
import { WithdrawalScreen } from "../../features/wallet/withdrawal-screen";

export const Route = createFileRoute("/_auth/withdrawal")({
  component: WithdrawalScreen,
});
