// A live plan's strategy behind a guard. A strategy is pure code: one that throws (or answers a
// target that is not a number) on a plan's data would do it again on every retry, and the plan
// would hold the user's amount frozen for good. Its failures are told apart from the database's
// (which roll back and retry) by this error's type, so the runner can end that plan — sold at
// the recorded ticks, end reason "strategy-error" — and leave every other failure to a retry.
import type { QuantStrategyId } from "../../../../protocol/quant";
import type { Strategy } from "../strategies/strategy";

export class StrategyFailure extends Error {
  constructor(
    readonly strategyId: string,
    readonly failure: unknown,
  ) {
    super(
      `strategy ${strategyId} failed: ${failure instanceof Error ? failure.message : String(failure)}`,
    );
    this.name = "StrategyFailure";
  }
}

function call<T>(id: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw error instanceof StrategyFailure ? error : new StrategyFailure(id, error);
  }
}

/** `strategy` whose every failure is a StrategyFailure; a non-finite target is one too. */
export function guardedStrategy(strategy: Strategy): Strategy {
  const id = strategy.id;
  return {
    id,
    params: strategy.params,
    warmUp: (params) => call(id, () => strategy.warmUp(params)),
    init: (params) => call(id, () => strategy.init(params)),
    step: (state, candle, params) =>
      call(id, () => {
        const decision = strategy.step(state, candle, params);
        if (!Number.isFinite(decision.target)) {
          throw new RangeError(`target ${String(decision.target)} is not a number`);
        }
        return decision;
      }),
  };
}

/** Looks up and guards the strategy of `id`; an unknown id is a StrategyFailure. */
export function guardedLookup(
  lookup: (id: QuantStrategyId) => Strategy,
  id: QuantStrategyId,
): Strategy {
  return guardedStrategy(call(id, () => lookup(id)));
}
