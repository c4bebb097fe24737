/**
 * The benchmarks' clock when a moment is taken in one process and compared in another (the
 * client's POST here, the bot's receipt in its own process): the machine's monotonic clock
 * (CLOCK_MONOTONIC, which `process.hrtime` reads in every process alike), in milliseconds.
 * `performance.now()` counts from each process's own start, so it cannot be compared.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
