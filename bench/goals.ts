// Every benchmark's goal in one place: each bench records its figure here as it prints it, and
// `npm run bench` ends with the list (each benchmark runs in a process of its own and sends its
// figures back: bench/run.ts), so one run shows every goal and whether it is met.

/** One figure held to a goal: a ratio to a baseline measured in the same run, or a count. */
export interface GoalFigure {
  /** The figure's name, e.g. "ledger: full cycle / minimal cycle". */
  figure: string;
  value: number;
  /** "atLeast": value ≥ target (ratios of rates); "atMost": value ≤ target (ratios of times, counts). */
  kind: "atLeast" | "atMost";
  target: number;
  /** What the value is measured against, in a few words ("minimal double-entry cycle"). */
  baseline: string;
}

const recorded: GoalFigure[] = [];

export function isMet(figure: GoalFigure): boolean {
  return figure.kind === "atLeast" ? figure.value >= figure.target : figure.value <= figure.target;
}

/** "goal ≥ 0.5: met" */
export function goalText(figure: GoalFigure): string {
  return `goal ${figure.kind === "atLeast" ? "≥" : "≤"} ${figure.target}: ${isMet(figure) ? "met" : "NOT met"}`;
}

/** Records a figure for the closing summary; returns its goal text for the bench's own line. */
export function recordGoal(figure: GoalFigure): string {
  recorded.push(figure);
  return goalText(figure);
}

/** The figures this process recorded (a benchmark's child sends them to `npm run bench`). */
export function recordedGoals(): readonly GoalFigure[] {
  return recorded;
}

/** The closing summary of `npm run bench`: one line per figure, in the order they were measured. */
export function goalSummary(figures: readonly GoalFigure[]): string[] {
  return figures.map(
    (figure) =>
      `${isMet(figure) ? "met    " : "NOT met"}  ${figure.figure}: ${formatValue(figure.value)} ` +
      `against ${figure.baseline} (${goalText(figure).replace(/: .*$/, "")})`,
  );
}

function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3);
}
