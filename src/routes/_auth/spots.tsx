import { createFileRoute } from "@tanstack/react-router";
import { SpotScreen } from "../../features/spot/spot-screen";
import { validateSymbolSearch } from "../-search";

export const Route = createFileRoute("/_auth/spots")({
  validateSearch: validateSymbolSearch,
  component: function SpotScreenRoute() {
    const { symbol } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SpotScreen
        symbol={symbol}
        // The address names the market shown, so a reload or a shared link opens it again.
        onSymbolChange={(next) =>
          void navigate({ search: { symbol: next.replace("/", "") }, replace: true })
        }
      />
    );
  },
});
