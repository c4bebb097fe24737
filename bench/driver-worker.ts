/**
 * One worker of the parallel benchmark: its own bench and bot (its own port and temporary
 * directory), ready when it says so, then `runs` commands to their replies when told to go.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startDriverRig } from './driver-rig.js';

const { runs } = workerData as { runs: number };
const port = parentPort;
if (!port) throw new Error('driver-worker.ts runs as a worker thread');

const rig = await startDriverRig({ withClient: false });
// Warm: the first commands compile the paths they take.
for (let round = 0; round < 20; round++) await rig.driven();
port.postMessage({ ready: true });
port.once('message', () => {
  void (async () => {
    try {
      for (let round = 0; round < runs; round++) await rig.driven();
      await rig.close();
      port.postMessage({ done: runs });
    } catch (error) {
      port.postMessage({ error: String(error) });
    }
  })();
});
