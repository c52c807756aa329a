// Tiny timing helpers: warm up, then run for a fixed time and report operations per second.
export interface Result {
  name: string;
  opsPerSecond: number;
}

export async function measure(
  name: string,
  op: () => unknown | Promise<unknown>,
  ms = 2_000,
): Promise<Result> {
  const warmUntil = performance.now() + ms / 4;
  while (performance.now() < warmUntil) await op();
  let count = 0;
  const start = performance.now();
  const until = start + ms;
  while (performance.now() < until) {
    await op();
    count++;
  }
  return { name, opsPerSecond: (count * 1000) / (performance.now() - start) };
}

export function report(title: string, subject: Result, baseline: Result): void {
  const ratio = subject.opsPerSecond / baseline.opsPerSecond;
  console.log(
    `${title}: ${subject.name} ${subject.opsPerSecond.toFixed(0)} ops/s, ` +
      `baseline ${baseline.name} ${baseline.opsPerSecond.toFixed(0)} ops/s, ratio ${ratio.toFixed(3)}`,
  );
}
