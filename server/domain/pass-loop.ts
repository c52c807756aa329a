// The shape every simple background worker here shares: run a pass, wait, run the next — never
// two passes at once, so a slow pass (a slow RPC, SMTP server or database) delays the next one
// instead of stacking them. A failed pass is reported and the loop goes on. stop() waits for a
// pass in progress, so a closing server never cuts one in half.

export interface PassLoop {
  stop(): Promise<void>;
}

export interface PassLoopOptions {
  /** Between the end of one pass and the start of the next. */
  everyMs: number;
  /** Before the first pass (default 0: at once, on the next turn of the event loop). */
  firstAfterMs?: number;
  /** A pass threw; the next one runs as scheduled. */
  onError(err: unknown): void;
}

export function startPassLoop(pass: () => Promise<unknown>, options: PassLoopOptions): PassLoop {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = pass()
      .catch((err: unknown) => options.onError(err))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.everyMs);
      });
  };
  let timer = setTimeout(tick, options.firstAfterMs ?? 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
