/**
 * How long the stress suite runs (`npm run test:stress`): `SLASHBENCH_STRESS_SECONDS` for
 * each timed phase, 30 by default (the figure); CI sets fewer so its run stays
 * bounded. Every stress test reads its budget here, so one variable scales the whole suite.
 */

const DEFAULT_SECONDS = 30;

function seconds(): number {
  const text = process.env.SLASHBENCH_STRESS_SECONDS;
  if (text === undefined || text === '') return DEFAULT_SECONDS;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`SLASHBENCH_STRESS_SECONDS must be a positive number, got "${text}"`);
  return value;
}

/** Seconds each timed phase (a load run, the crash cycles) lasts. */
export const STRESS_SECONDS = seconds();

/** A test's timeout for a phase of `phaseSeconds`: the phase, plus generous room to set up and check. */
export function stressTimeout(phaseSeconds: number): number {
  return (phaseSeconds * 3 + 120) * 1000;
}
