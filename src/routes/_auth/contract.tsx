import { createFileRoute } from "@tanstack/react-router";
import { ContractScreen } from "../../features/contract/contract-screen";

export const Route = createFileRoute("/_auth/contract")({
  component: ContractScreen,
});
