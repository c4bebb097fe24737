/**
 * Benchmark 1, interaction delivery: from the client's `POST /api/v10/interactions` to the
 * bot having the interaction — over HTTP (the endpoint's handler has the whole signed body)
 * and over the gateway (the bot session has the INTERACTION_CREATE frame). Samples of the
 * registry and of the baselines alternate, so both see the same machine.
 */
import { startInteractionRig } from './interaction-rig.js';
import { summarize } from './stats.js';
import type { Row } from './table.js';

export interface LatencyOptions {
  iterations: number;
  warmup: number;
  progress: (message: string) => void;
}

const AT_MOST_3 = { comparison: 'at most', ratio: 3 } as const;

export async function benchDelivery(options: LatencyOptions): Promise<Row[]> {
  const rig = await startInteractionRig();
  try {
    const samples = { http: [] as number[], post: [] as number[], forward: [] as number[], gateway: [] as number[], relay: [] as number[], send: [] as number[] };
    for (let round = 0; round < options.warmup + options.iterations; round++) {
      const http = await rig.invokeHttp();
      const post = await rig.postToBot();
      const forward = await rig.postThenForward();
      const gateway = await rig.invokeGateway();
      const relay = await rig.postThenRelay();
      const send = await rig.sendOverSocket();
      if (round < options.warmup) continue;
      samples.http.push(http.delivered);
      samples.post.push(post);
      samples.forward.push(forward);
      samples.gateway.push(gateway.delivered);
      samples.relay.push(relay);
      samples.send.push(send);
      if ((round - options.warmup + 1) % 500 === 0) options.progress(`delivery: ${round - options.warmup + 1}/${options.iterations}`);
    }
    const http = summarize(samples.http);
    const post = summarize(samples.post);
    const forward = summarize(samples.forward);
    const gateway = summarize(samples.gateway);
    const relay = summarize(samples.relay);
    const send = summarize(samples.send);
    const row = (benchmark: string, figure: 'p50' | 'p99', value: number, baseline: number, baselineName: string, target?: Row['target']): Row =>
      ({ benchmark, figure, unit: 'ms', value, baseline, baselineName, ...(target ? { target } : {}) });
    return [
      row('1 delivery, HTTP endpoint', 'p50', http.p50, post.p50, 'one signed POST to the same bot', AT_MOST_3),
      row('1 delivery, HTTP endpoint', 'p99', http.p99, post.p99, 'one signed POST to the same bot'),
      row('1 delivery, HTTP endpoint', 'p50', http.p50, forward.p50, 'POST to a bare server that forwards it'),
      row('1 delivery, gateway', 'p50', gateway.p50, relay.p50, 'POST to a bare server + bare ws send', AT_MOST_3),
      row('1 delivery, gateway', 'p99', gateway.p99, relay.p99, 'POST to a bare server + bare ws send'),
      row('1 delivery, gateway', 'p50', gateway.p50, send.p50, 'bare ws send alone'),
    ];
  } finally {
    await rig.close();
  }
}
