// The quant-api benchmark's client, on a thread of its own: GET `url` back to back for `ms`, and
// post the latencies (ms each). On the server's own event loop, the client's work (sending,
// parsing answers) would be counted as the API's and would wait behind it.
import { parentPort, workerData } from "node:worker_threads";

const { url, ms } = /** @type {{ url: string, ms: number }} */ (workerData);
/** @type {number[]} */
const times = [];
const until = performance.now() + ms;
while (performance.now() < until) {
  const began = performance.now();
  const response = await fetch(url);
  await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  times.push(performance.now() - began);
}
parentPort?.postMessage(times);
