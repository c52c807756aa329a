// The lab: the form (strategy, parameters, market, interval, period) and the user's backtests and
// optimisations with their results. The markets are those the plans trade and the feed knows.
import { useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import type { QuantPlan, QuantStrategyInfo } from "../../../protocol/quant";
import { useTickerSymbols } from "../../db/queries/market";
import { useQuantBacktests, useQuantOptimisations } from "../../db/queries/quant";
import { sortBySymbol } from "../../lib/symbol-order";
import { DEFAULT_SYMBOL } from "../../ui/market/symbol-picker";
import { initialLabForm, type LabForm } from "./quant-lab-draft";
import { QuantLabForm } from "./quant-lab-form";
import { QuantLabJobs } from "./quant-lab-jobs";

export function QuantLab(props: {
  userId: string | null;
  strategies: readonly QuantStrategyInfo[];
  plans: readonly QuantPlan[];
  offline: boolean;
}) {
  const { t } = useLingui();
  const tickerSymbols = useTickerSymbols();
  const backtests = useQuantBacktests(props.userId);
  const optimisations = useQuantOptimisations(props.userId);
  const symbols = useMemo(() => {
    const known = new Set<string>([DEFAULT_SYMBOL]);
    for (const plan of props.plans) for (const symbol of plan.tradingArea) known.add(symbol);
    if (tickerSymbols.status === "ready")
      for (const symbol of tickerSymbols.value) known.add(symbol);
    return sortBySymbol([...known], (s) => s);
  }, [props.plans, tickerSymbols]);
  const [form, setForm] = useState<LabForm | null>(null);
  // The strategies arrive with the catalogue: the form starts from the first one's defaults.
  const current = form ?? initialLabForm(props.strategies, DEFAULT_SYMBOL);
  return (
    <section
      className="q-quant__lab"
      aria-label={t({
        message: "Strategy lab",
        comment: "Quant: the lab's name for screen readers",
      })}
      data-testid="quant-lab"
    >
      <QuantLabForm
        strategies={props.strategies}
        symbols={symbols}
        form={current}
        onChange={setForm}
        offline={props.offline}
      />
      <QuantLabJobs
        backtests={backtests.status === "ready" ? backtests.value : []}
        optimisations={optimisations.status === "ready" ? optimisations.value : []}
        offline={props.offline}
      />
    </section>
  );
}
