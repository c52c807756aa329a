import { createFileRoute, Outlet } from "@tanstack/react-router";
import { ConsoleGate } from "../features/admin/console-gate";

// The operator console (src/features/admin/README.md): its own sign-in, outside the wallet
// session's guards. Only the split component chunk names the console; the route tree does not.
export const Route = createFileRoute("/admin")({
  component: () => (
    <ConsoleGate>
      <Outlet />
    </ConsoleGate>
  ),
});
