/**
 * The crash cycles both suites run: start the CLI on a crash world, then again and again run
 * the mixed-write pipelines, SIGKILL after a random number of acknowledged writes, restart
 * on the same data directory and check every pipeline's object (crash-points-workload.ts).
 */
import { startRegistryProcess, type RegistryProcess } from '../helpers/registry-process.js';
import { crashPipelines, runUntilKilled, WorkloadClock, writeCrashWorld } from './crash-points-workload.js';

export interface CrashResult {
  cycles: number;
  /** Acknowledged writes per pipeline over all cycles. */
  acknowledged: Record<string, number>;
  /** Lost writes, mixtures, refusals; empty when every cycle held. */
  problems: string[];
}

/** Runs `cycles` kill-and-restart cycles, or as many as fit in `seconds` (at least one) when given. */
export async function crashCycles(options: { cycles: number } | { seconds: number }): Promise<CrashResult> {
  const world = await writeCrashWorld(3);
  const problems: string[] = [];
  // On the test clock: a command's life turns the day before its guild reaches the daily create limit.
  let registry: RegistryProcess = await startRegistryProcess({ args: ['--world', world.file, '--route-limit', '100000', '--test-clock'] });
  const { dataDirectory } = registry;
  const clock = new WorkloadClock(world.owner.token);
  const pipelines = await crashPipelines(registry, world, clock, problems);
  const until = 'seconds' in options ? performance.now() + options.seconds * 1000 : undefined;
  let cycles = 0;
  while (until === undefined ? cycles < (options as { cycles: number }).cycles : cycles === 0 || performance.now() < until) {
    // At least a write per pipeline, then up to 60 more: the kill lands anywhere in the mix.
    await runUntilKilled(registry, pipelines, pipelines.length + Math.floor(Math.random() * 60));
    cycles += 1;
    registry = await startRegistryProcess({ dataDirectory, args: ['--test-clock'] });
    await clock.restore(registry.url);
    for (const pipeline of pipelines) await pipeline.check(registry.url);
    if (problems.length > 0) break;
  }
  await registry.stop();
  return { cycles, problems, acknowledged: Object.fromEntries(pipelines.map((pipeline) => [pipeline.name, pipeline.acknowledged])) };
}
