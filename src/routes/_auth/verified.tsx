import { createFileRoute } from "@tanstack/react-router";
import { VerifyScreen } from "../../features/verify/verify-screen";

export const Route = createFileRoute("/_auth/verified")({
  component: VerifyScreen,
});
