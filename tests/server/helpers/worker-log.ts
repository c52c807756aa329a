// The log a background worker (settler, matcher, plan runner) gets in tests: its info lines are
// left out, its errors are printed, so a worker's failure shows in the test's output.
export const workerLog = {
  info: () => undefined,
  error: (fields: object, msg: string) => console.error(msg, fields),
};
