import { createFileRoute } from "@tanstack/react-router";
import { RechargeScreen } from "../../features/wallet/recharge-screen";

export const Route = createFileRoute("/_auth/recharge")({
  component: RechargeScreen,
});
