/**
 * Real snowflakes: (milliseconds since the service epoch << 22) | (worker << 17) |
 * (process << 12) | increment. Bots sort and date ids by them, so they must be
 * timestamp-ordered and unique even when many are made in one millisecond.
 */
export const SERVICE_EPOCH = 1_420_070_400_000n;

export type Clock = () => number;

/**
 * Makes increasing snowflakes from a clock; a burst past 4096 per ms borrows the next ms.
 * The machine bits default to the process id, so two registries sharing a data directory
 * do not mint the same id in the same millisecond.
 */
export function createSnowflakeGenerator(clock: Clock = Date.now, machineId: number = globalThis.process?.pid ?? 0): () => string {
  let lastMs = 0n;
  let increment = 0n;
  // Worker (5 bits) and process (5 bits) side by side: bits 12-21.
  const machine = BigInt(machineId & 1023) << 12n;
  return () => {
    let ms = BigInt(Math.trunc(clock())) - SERVICE_EPOCH;
    if (ms <= lastMs) {
      ms = lastMs;
      increment += 1n;
      if (increment > 4095n) {
        ms += 1n;
        increment = 0n;
      }
    } else {
      increment = 0n;
    }
    lastMs = ms;
    return ((ms << 22n) | machine | increment).toString();
  };
}

/** The creation time a snowflake carries, in epoch milliseconds. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + SERVICE_EPOCH);
}
