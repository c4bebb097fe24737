/**
 * Benchmark 1, interaction delivery, measured as a user measures it (as-a-user.ts): from
 * the client's `POST /api/v10/interactions` to the bot having the interaction, each sample
 * waiting for its own answer and the bot's arrival and nothing else, the registry's samples
 * and the baselines' back to back, each path first in turn.
 *
 * - Over HTTP: the bot's body is complete (a node:http bot in its own process, noted before
 *   its signature check). Baseline: the body the registry delivers, signed, POSTed straight
 *   to the bot with the same client. Floor: the invocation POSTed to a bare server in its
 *   own process that signs the delivery body and writes it to the bot on a warm connection
 *   with the registry's own delivery client (two warm hops and a signature: what no
 *   registry can avoid); the registry's own time is what it takes beyond that floor.
 * - Over the gateway: a raw `ws` bot session has INTERACTION_CREATE (and answers it through
 *   the callback route, as a bot does). Baseline, which is its floor: the POST to a bare
 *   server that sends a frame of the same size over a bare `ws` connection.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { interleaved, startDeliverySetup } from './as-a-user.js';
import { UNBUNDLED_CLI } from './cli-process.js';
import { monotonicMs } from './clock.js';
import type { Window } from './cpu-profile.js';
import { writeDeliveryProfile } from './delivery-profile.js';
import { startInteractionRig } from './interaction-rig.js';
import { mainThreadCpuMs } from './process-cpu.js';
import type { Row } from './table.js';

export interface LatencyOptions {
  iterations: number;
  warmup: number;
  progress: (message: string) => void;
  /**
   * Runs the registry of HTTP delivery under `--cpu-prof` and writes what it spent its time
   * on while the benchmark measured (delivery-profile.ts): out/bench/profile/delivery.cpuprofile,
   * delivery-top.md and two flame graphs. The figures are then the profiled registry's, and marked so.
   */
  profile?: boolean;
}

/** Where `--profile` writes. */
export const PROFILE_DIRECTORY = fileURLToPath(new URL('../profile/', import.meta.url));

const AT_MOST_3 = { comparison: 'at most', ratio: 3 } as const;
const AT_MOST_4 = { comparison: 'at most', ratio: 4 } as const;

const DIRECT = 'the same signed body POSTed straight to the bot';
const FLOOR = 'two warm hops + a signature';

export async function benchDelivery(options: LatencyOptions): Promise<Row[]> {
  return [...await httpDelivery(options), ...await gatewayDelivery(options)];
}

async function httpDelivery(options: LatencyOptions): Promise<Row[]> {
  const profileName = 'delivery.cpuprofile';
  if (options.profile) {
    await mkdir(PROFILE_DIRECTORY, { recursive: true });
    await rm(join(PROFILE_DIRECTORY, profileName), { force: true });
  }
  const setup = await startDeliverySetup({
    client: 'http', floor: true,
    ...(options.profile ? { cli: UNBUNDLED_CLI, registryNodeArgs: ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIRECTORY, '--cpu-prof-name', profileName, '--cpu-prof-interval', '100'] } : {}),
  });
  const windows: Window[] = [];
  let measured: Window;
  let figures;
  let cpuPerRound: number | undefined;
  try {
    let cpuBefore: number | undefined;
    figures = await interleaved({
      registry: async () => {
        // From the first measured round: the warm-up's rounds cost more (V8 compiles the hot path meanwhile).
        if (windows.length === options.warmup) cpuBefore = mainThreadCpuMs(setup.registryPid);
        const window = await setup.invoke();
        windows.push(window);
        return window[1] - window[0];
      },
      direct: () => setup.direct(),
      floor: () => setup.floor(),
    }, 'alternate', options.iterations, options.warmup, (done) => options.progress(`delivery over HTTP: ${done}/${options.iterations}`));
    measured = [windows[options.warmup]?.[0] ?? 0, monotonicMs()];
    const cpuAfter = mainThreadCpuMs(setup.registryPid);
    // Only the registry's samples make it work; the others' leave it idle.
    if (cpuBefore !== undefined && cpuAfter !== undefined) cpuPerRound = (cpuAfter - cpuBefore) / options.iterations;
  } finally {
    // Stopping the registry writes its profile.
    await setup.close();
  }
  if (options.profile) {
    await writeDeliveryProfile(PROFILE_DIRECTORY, {
      profile: join(PROFILE_DIRECTORY, profileName), measured, hotPath: windows.slice(options.warmup), iterations: options.iterations,
    });
    options.progress(`delivery: profile in ${PROFILE_DIRECTORY} (delivery-top.md, delivery-flame.svg, delivery-flame-all.svg)`);
  }
  const { registry, direct, floor } = figures;
  const benchmark = `1 delivery, HTTP endpoint${options.profile ? ' (profiled)' : ''}`;
  // Why 3 can be missed: what the floor leaves the registry in this run, and what it took.
  const floorRatio = floor.p50 / direct.p50;
  const outOfReach = `the floor of these hops (${FLOOR}) is ${floorRatio.toFixed(2)}x the direct POST in this run, which leaves the registry `
    + `${Math.max(0, 3 - floorRatio).toFixed(2)}x (${Math.max(0, 3 * direct.p50 - floor.p50).toFixed(3)} ms); it took ${(registry.p50 - floor.p50).toFixed(3)} ms beyond the floor. `
    + (cpuPerRound === undefined ? '' : `Its main thread worked ${cpuPerRound.toFixed(2)} ms per interaction (the delivery, the row, the inline answer's message): `
      + 'invocations sent back to back, each as soon as the last reached the bot, wait for that. ')
    + 'Profile: npm run bench -- --only delivery --profile';
  return [
    {
      benchmark, figure: 'p50', unit: 'ms', value: registry.p50, baseline: direct.p50, baselineName: DIRECT, floor: floor.p50, floorName: FLOOR,
      target: AT_MOST_3, outOfReach,
    },
    { benchmark, figure: 'p99', unit: 'ms', value: registry.p99, baseline: direct.p99, baselineName: DIRECT, floor: floor.p99, floorName: FLOOR, target: AT_MOST_4 },
  ];
}

async function gatewayDelivery(options: LatencyOptions): Promise<Row[]> {
  const rig = await startInteractionRig();
  try {
    const { registry, relay, send } = await interleaved({
      registry: async () => (await rig.invokeGateway()).delivered,
      relay: () => rig.postThenRelay(),
      send: () => rig.sendOverSocket(),
    }, 'alternate', options.iterations, options.warmup, (done) => options.progress(`delivery over the gateway: ${done}/${options.iterations}`));
    const benchmark = '1 delivery, gateway';
    const relayName = 'POST to a bare server + bare ws send';
    return [
      { benchmark, figure: 'p50', unit: 'ms', value: registry.p50, baseline: relay.p50, baselineName: relayName, target: AT_MOST_3 },
      { benchmark, figure: 'p99', unit: 'ms', value: registry.p99, baseline: relay.p99, baselineName: relayName },
      { benchmark, figure: 'p50', unit: 'ms', value: registry.p50, baseline: send.p50, baselineName: 'bare ws send alone' },
    ];
  } finally {
    await rig.close();
  }
}
