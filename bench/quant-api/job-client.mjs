// The quant-api benchmark's lab user, on a thread of its own: keeps two walk-forward
// optimisations queued or running (a new one is posted as soon as one finishes, each polled every
// 200 ms — ten times as often as the app's lab, src/features/quant/quant-lab-jobs.tsx, so that
// the queue never runs dry between a job's end and the next post: a heavier load than a person's)
// until the parent posts "stop", then posts how many finished. Like the
// ticker client, it is an outside client: on the server's event loop its requests, answers and
// their garbage would be counted as the API's own work.
import { randomUUID } from "node:crypto";
import { parentPort, workerData } from "node:worker_threads";

const { base, token, body } = /** @type {{ base: string, token: string, body: string }} */ (
  workerData
);
const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
let stopping = false;
parentPort?.once("message", () => {
  stopping = true;
});

/** One optimisation after another until stopped; answers how many finished. */
async function oneAfterAnother() {
  let finished = 0;
  while (!stopping) {
    const posted = await fetch(`${base}/quant/optimisations`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": randomUUID() },
      body,
    });
    const created = /** @type {{ Data: { id: string }, Message: string }} */ (await posted.json());
    if (posted.status !== 200) throw new Error(`optimisation refused: ${created.Message}`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const got = await fetch(`${base}/quant/optimisations/${created.Data.id}`, { headers });
      const job = /** @type {{ Data: { status: string, failure: string | null } }} */ (
        await got.json()
      );
      if (job.Data.status === "failed") throw new Error(`optimisation failed: ${job.Data.failure}`);
      if (job.Data.status === "done") break;
    }
    finished += 1;
  }
  return finished;
}

const [a, b] = await Promise.all([oneAfterAnother(), oneAfterAnother()]);
parentPort?.postMessage(a + b);
