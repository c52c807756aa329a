import { Outlet } from "@tanstack/react-router";
import { NavigationProgress } from "../../ui/progress/navigation-progress";
import { ToastView } from "../../ui/toast/toast-view";
import { AppFrame } from "./app-frame";
import { LoadErrorScreen } from "./load-error-screen";
import { useLoadWatchdog } from "./use-load-watchdog";

export function RootLayout() {
  const loadFailure = useLoadWatchdog();
  return (
    <>
      <NavigationProgress />
      <AppFrame>{loadFailure ? <LoadErrorScreen kind={loadFailure} /> : <Outlet />}</AppFrame>
      <ToastView />
    </>
  );
}
