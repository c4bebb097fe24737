/**
 * Benchmark 2, the full round trip: the client invokes, the registry delivers to the HTTP
 * bot, the bot answers inline (200 `{type: 4}`), and the client's own gateway session shows
 * the MESSAGE_CREATE. The floor is the same path without a registry: the signed POST to
 * the bot (answered the same way), then one bare `ws` send of a frame of the same size.
 */
import { interleaved } from './as-a-user.js';
import type { LatencyOptions } from './delivery.js';
import { startInteractionRig } from './interaction-rig.js';
import type { Row } from './table.js';

export async function benchRoundTrip(options: LatencyOptions): Promise<Row[]> {
  const rig = await startInteractionRig();
  try {
    const { registry: measured, floor: bare } = await interleaved({
      registry: async () => (await rig.invokeHttp()).messaged,
      floor: () => rig.postThenSend(),
    }, 'alternate', options.iterations, options.warmup, (done) => options.progress(`round trip: ${done}/${options.iterations}`));
    const baselineName = 'signed POST to the bot + bare ws send';
    return [
      { benchmark: '2 round trip, HTTP bot', figure: 'p50', unit: 'ms', value: measured.p50, baseline: bare.p50, baselineName },
      { benchmark: '2 round trip, HTTP bot', figure: 'p99', unit: 'ms', value: measured.p99, baseline: bare.p99, baselineName },
    ];
  } finally {
    await rig.close();
  }
}
